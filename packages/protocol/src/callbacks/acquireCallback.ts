import { z } from 'zod';

/** `status` of an operation callback; `cause` only with `failure`, a free string. */
export const callbackStatusSchema = z.object({
  result: z.enum(['success', 'failure', 'unknown']),
  cause: z.string().optional(),
});
export type CallbackStatus = z.infer<typeof callbackStatusSchema>;

/**
 * Callback for any asynchronous operation. The operation's data sits under a key named after
 * `operation`, so unknown keys are kept.
 */
export const operationCallbackSchema = z.looseObject({
  clientId: z.string(),
  operationId: z.string(),
  operation: z.string(),
  status: callbackStatusSchema,
});
export type OperationCallback = z.infer<typeof operationCallbackSchema>;

/** Callback of an acquire: data under `acquire` with `reference` and `transactionId`. */
export const acquireCallbackSchema = z.object({
  clientId: z.string(),
  operationId: z.string(),
  operation: z.literal('acquire'),
  status: callbackStatusSchema,
  acquire: z
    .object({ reference: z.string().optional(), transactionId: z.string().optional() })
    .optional(),
});
export type AcquireCallback = z.infer<typeof acquireCallbackSchema>;
