import { z } from 'zod';
import { merchantPaymentFailureCauseSchema } from '../app/continueSession';
import { nonEmptyString } from '../internal/fields';
import { acquireErrorCodeSchema } from './acquire';

/** The kinds of entries of `GET /operation/history`. */
export const historyOperationTypeSchema = z.enum(['acquire', 'push', 'session', 'merchantPayment']);
export type HistoryOperationType = z.infer<typeof historyOperationTypeSchema>;

const seconds = z.number().finite();

/** The session an entry is about: its id, its app, the customer's msisdn. */
const sessionFields = { sessionId: z.string(), appId: z.string(), msisdn: z.string() };

/** The times of an operation whose status changes (an acquire, a merchant payment). */
const operationTimes = {
  /** When the operation arrived. */
  at: seconds,
  /** When its status last changed. */
  updatedAt: seconds,
};

/** An acquire of either flow, in its current state. */
export const acquireHistoryEntrySchema = z.object({
  type: z.literal('acquire'),
  operationId: z.string(),
  flow: z.enum(['product', 'operator']),
  mode: z.enum(['sync', 'async']),
  sku: z.string(),
  beneficiaryId: z.string(),
  customerMsisdn: z.string(),
  amount: z.number().finite(),
  status: z.enum(['SUCCESS', 'FAILURE', 'UNKNOWN']),
  error: acquireErrorCodeSchema.optional(),
  transactionId: z.string().optional(),
  reference: z.string().optional(),
  ...operationTimes,
});
export type AcquireHistoryEntry = z.infer<typeof acquireHistoryEntrySchema>;

/** A USSD push accepted by the service. */
export const pushHistoryEntrySchema = z.object({
  type: z.literal('push'),
  ...sessionFields,
  recoveryShortcode: z.string().optional(),
  at: seconds,
});
export type PushHistoryEntry = z.infer<typeof pushHistoryEntrySchema>;

/**
 * A billed USSD session: `ticks = ceil(seconds / 20)`, `fee = ticks * feePerTick`, charged to
 * `chargedClientId` (the developer of the dialled, pushing or redirecting app: the caller of a
 * redirect pays for the whole session). `at` is its end.
 */
export const sessionHistoryEntrySchema = z.object({
  type: z.literal('session'),
  ...sessionFields,
  chargedClientId: z.string(),
  startedAt: seconds,
  endedAt: seconds,
  seconds: z.number().finite().nonnegative(),
  ticks: z.number().int().nonnegative(),
  fee: z.number().finite(),
  sessionTag: z.string().optional(),
  at: seconds,
});
export type SessionHistoryEntry = z.infer<typeof sessionHistoryEntrySchema>;

/**
 * A merchant payment started with `POST /merchant/payment`: `INITIATED` until the customer's
 * session gives an outcome, then `SUCCESS`, `FAILURE` (with `cause`) or `UNKNOWN` (not final).
 */
export const merchantPaymentHistoryEntrySchema = z.object({
  type: z.literal('merchantPayment'),
  operationId: z.string(),
  customerMsisdn: z.string(),
  customerEmail: z.string().optional(),
  merchantCode: z.string(),
  amount: z.number().finite(),
  bankCode: z.string().optional(),
  executionMode: z.object({
    mode: z.enum(['WithoutWaitingForBank', 'WithBankResponseTimeout']),
    millis: z.number().int().nonnegative().optional(),
  }),
  status: z.enum(['INITIATED', 'SUCCESS', 'FAILURE', 'UNKNOWN']),
  cause: merchantPaymentFailureCauseSchema.optional(),
  /** The USSD session pushed to the customer; absent when none was (e.g. `NoAccounts`). */
  sessionId: z.string().optional(),
  recoveryShortcode: z.string().nullable(),
  ...operationTimes,
});
export type MerchantPaymentHistoryEntry = z.infer<typeof merchantPaymentHistoryEntrySchema>;

/** One entry of `GET /operation/history`, told apart by `type`. */
export const historyOperationSchema = z.discriminatedUnion('type', [
  acquireHistoryEntrySchema,
  pushHistoryEntrySchema,
  sessionHistoryEntrySchema,
  merchantPaymentHistoryEntrySchema,
]);
export type HistoryOperation = z.infer<typeof historyOperationSchema>;

/**
 * Answer of `GET /operation/history` (the sandbox's design; upstream publishes no shape): the
 * calling developer's operations, oldest first. Times are seconds since the epoch.
 *
 * @example
 * ```ts
 * const history = operationHistorySchema.parse({ operations: [] });
 * ```
 */
export const operationHistorySchema = z.object({ operations: z.array(historyOperationSchema) });
export type OperationHistory = z.infer<typeof operationHistorySchema>;

const optionalSeconds = z.coerce.number().finite().nonnegative().optional();

/**
 * Query of `GET /operation/history`, every parameter optional: `from` (inclusive) and `to`
 * (exclusive) in seconds since the epoch, compared with each entry's `at`; `type`;
 * `operationId` (acquires and merchant payments); `sessionId` (pushes, sessions and merchant
 * payments). Numbers are read from their query text.
 *
 * @example
 * ```ts
 * operationHistoryQuerySchema.parse({ type: 'session', from: '1767225600' });
 * ```
 */
export const operationHistoryQuerySchema = z.object({
  from: optionalSeconds,
  to: optionalSeconds,
  type: historyOperationTypeSchema.optional(),
  operationId: nonEmptyString.optional(),
  sessionId: nonEmptyString.optional(),
});
export type OperationHistoryQuery = z.infer<typeof operationHistoryQuerySchema>;
