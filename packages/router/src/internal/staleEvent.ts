import type { SessionRecord } from '../SessionStore';
import { asSessionData } from './SessionData';

/**
 * The answer to give a `continue` that arrives after a later one was handled (a network that
 * delivers out of order; docs/faults.md): the router's own contextData names the hop it answers
 * (`h<hop>`), and a hop other than the session's is stale. The session's last answer is given
 * again and nothing changes: an old input must not act on the screen the customer is on now.
 * Undefined when the event is current, or when the store keeps the session in the contextData
 * itself (then the event carries its own state and there is nothing to protect).
 *
 * @example
 * ```ts
 * const stale = staleAnswer(body.contextData, record);
 * if (stale !== undefined) return sessionCommandSchema.parse(stale);
 * ```
 */
export function staleAnswer(contextData: string, record: SessionRecord | undefined): unknown {
  const hop = routerHop(contextData);
  if (hop === undefined || record?.lastEvent === undefined) return undefined;
  const current = asSessionData(record.state)?.hop;
  return current === undefined || hop === current ? undefined : record.lastEvent.answer;
}

/** The hop the router's own contextData (`h<hop>`) names; undefined for any other contextData. */
export function routerHop(contextData: string): number | undefined {
  const hop = /^h(\d+)$/.exec(contextData)?.[1];
  return hop === undefined ? undefined : Number(hop);
}
