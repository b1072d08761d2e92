import { z } from 'zod';
import { isOneOf, openEnum } from '../internal/open';
import type { Unrecognised } from '../Unrecognised';

const callbackResults = ['success', 'failure', 'unknown'] as const;
const statusFields = z.object({ result: openEnum(callbackResults), cause: z.string().optional() });
/** The status as read: a known `result`, and `raw` when the wire one was not (see below). */
type ReadCallbackStatus = Omit<z.output<typeof statusFields>, 'result'> & {
  result: (typeof callbackResults)[number];
  raw?: Unrecognised;
};

/**
 * `status` of an operation callback; `cause` only with `failure`, a free string. A `result` added
 * upstream later reads as `unknown` ("not final: the service keeps trying"), with the wire result
 * in `raw`: never a success or failure this version cannot vouch for.
 *
 * @example
 * ```ts
 * callbackStatusSchema.parse({ result: 'pending' }); // { result: 'unknown', raw: 'pending' }
 * ```
 */
export const callbackStatusSchema = statusFields.transform(
  ({ result, ...rest }): ReadCallbackStatus =>
    isOneOf(callbackResults, result)
      ? { result, ...rest }
      : { result: 'unknown', raw: result, ...rest },
);
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

/** An acquire's state, as {@link acquireCallbackBody} reads it. */
export interface AcquireOperationState {
  readonly clientId: string;
  readonly operationId: string;
  /** `SUCCESS` and `FAILURE` are final; anything else is written as `unknown`. */
  readonly status: string;
  readonly error?: string | undefined;
  readonly reference?: string | undefined;
  readonly transactionId?: string | undefined;
}

/**
 * Writes the callback body of an acquire in its current state. The spec's callback body carries
 * the operation's data under its name whatever the outcome ("for `acquire`: `reference`,
 * `transactionId`"); only `status` changes: `success`, `failure` with the error code lower-cased
 * as `cause` (`unspecified` when none), or `unknown`. The service side (the sandbox, mocks) sends
 * this.
 *
 * @example
 * ```ts
 * acquireCallbackBody({ clientId: 'c', operationId: 'o', status: 'FAILURE', error: 'INTERNAL', reference: 'R1', transactionId: 'T1' });
 * // { clientId: 'c', operationId: 'o', operation: 'acquire', status: { result: 'failure', cause: 'internal' },
 * //   acquire: { reference: 'R1', transactionId: 'T1' } }
 * ```
 */
export function acquireCallbackBody(operation: AcquireOperationState): AcquireCallback {
  const status: AcquireCallback['status'] =
    operation.status === 'SUCCESS'
      ? { result: 'success' }
      : operation.status === 'FAILURE'
        ? { result: 'failure', cause: (operation.error ?? 'UNSPECIFIED').toLowerCase() }
        : { result: 'unknown' };
  return {
    clientId: operation.clientId,
    operationId: operation.operationId,
    operation: 'acquire',
    status,
    acquire: {
      reference: operation.reference ?? '',
      transactionId: operation.transactionId ?? '',
    },
  };
}
