import { z } from 'zod';
import { openReason, sessionEndSchema } from '../internal/sessionEndSchema';

/** The abort reasons this version knows, as the spec lists them. */
const knownAbortReasonSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('MissingPrivilege'), privilege: z.string() }),
  z.object({ type: z.literal('InsufficientBalanceInVirtualPurse') }),
  z.object({ type: z.literal('DuplicatedOperation'), operationId: z.string() }),
  z.object({ type: z.literal('UnexpectedUssdAppResponse') }),
  z.object({ type: z.literal('InternalError') }),
]);

/** Every abort reason type the spec lists, in its order. */
export const abortReasonTypes = [
  'MissingPrivilege',
  'InsufficientBalanceInVirtualPurse',
  'DuplicatedOperation',
  'UnexpectedUssdAppResponse',
  'InternalError',
] as const satisfies readonly z.infer<typeof knownAbortReasonSchema>['type'][];

/**
 * Why the gateway could not continue a session. A reason added upstream later reads as
 * `{ type: 'Unrecognised', raw: '<its type>' }` (its other fields are dropped), never as an error.
 *
 * @example
 * ```ts
 * switch (reason.type) {
 *   case 'MissingPrivilege': return `missing ${reason.privilege}`;
 *   case 'Unrecognised': return `abort reason ${reason.raw}`;
 *   default: return reason.type;
 * }
 * ```
 */
export const abortReasonSchema = openReason(knownAbortReasonSchema, abortReasonTypes);
export type AbortReason = z.infer<typeof abortReasonSchema>;
/** An abort reason's `type`: one of {@link abortReasonTypes}, or `'Unrecognised'`. */
export type AbortReasonType = AbortReason['type'];

/** Body of `POST {app_url}/ussdSessionEvent/abort`. */
export const abortSessionSchema = sessionEndSchema(abortReasonSchema);
export type AbortSession = z.infer<typeof abortSessionSchema>;
