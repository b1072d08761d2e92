import type { SessionRecord } from '../../SessionStore';
import { asSessionData } from './SessionData';

/**
 * Where a `continue` stands by the hop its contextData names (the router's own `h<hop>`).
 *
 * - Undefined when it names no hop the session counts: another store's contextData, or a session
 *   saved before hops were counted. Its replay key must tell a redelivery then (decision 0029).
 * - Else `stale` is the session's last answer when the hop is not the current one: an event that
 *   arrives after a later one was handled (a redelivery, or a network that delivers out of order;
 *   docs/faults.md). It gets that answer again and nothing changes: an old input must not act on
 *   the screen the customer is on now. `stale` is undefined for the current hop.
 *
 * @example
 * ```ts
 * const placed = byHop(body.contextData, record);
 * if (placed?.stale !== undefined) return sessionCommandSchema.parse(placed.stale);
 * ```
 */
export function byHop(
  contextData: string,
  record: SessionRecord | undefined,
): { readonly stale: unknown } | undefined {
  const hop = /^h(\d+)$/.exec(contextData)?.[1];
  const current = asSessionData(record?.state)?.hop;
  if (hop === undefined || current === undefined) return undefined;
  return { stale: Number(hop) === current ? undefined : record?.lastEvent?.answer };
}
