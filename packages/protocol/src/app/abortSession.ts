import { z } from 'zod';
import { contextDataField, sessionEventBase } from './common';

/** Why the gateway could not continue a session. */
export const abortReasonSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('MissingPrivilege'), privilege: z.string() }),
  z.object({ type: z.literal('InsufficientBalanceInVirtualPurse') }),
  z.object({ type: z.literal('DuplicatedOperation'), operationId: z.string() }),
  z.object({ type: z.literal('UnexpectedUssdAppResponse') }),
  z.object({ type: z.literal('InternalError') }),
]);
export type AbortReason = z.infer<typeof abortReasonSchema>;
export type AbortReasonType = AbortReason['type'];

/** Every abort reason type, in the spec's order. */
export const abortReasonTypes = [
  'MissingPrivilege',
  'InsufficientBalanceInVirtualPurse',
  'DuplicatedOperation',
  'UnexpectedUssdAppResponse',
  'InternalError',
] as const satisfies readonly AbortReasonType[];

/** Body of `POST {app_url}/ussdSessionEvent/abort`. */
export const abortSessionSchema = z.object({
  ...sessionEventBase,
  reason: abortReasonSchema,
  contextData: contextDataField,
});
export type AbortSession = z.infer<typeof abortSessionSchema>;
