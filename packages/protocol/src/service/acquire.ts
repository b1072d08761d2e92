import { z } from 'zod';
import { amount, nonEmptyString } from '../internal/fields';
import { openEnum, openUnion } from '../internal/open';
import type { Unrecognised } from '../Unrecognised';

/** Every acquire error code upstream lists (sync, async and status answers). */
export const acquireErrorCodes = [
  'TIMEOUT',
  'INTERNAL',
  'INVALID_AMOUNT',
  'UNKNOWN_SKU',
  'INVALID_BENEFICIARY_ID',
  'UNSPECIFIED',
] as const;

/**
 * Error code of a failed acquire: one of {@link acquireErrorCodes}, or a code added upstream
 * later, kept as sent and typed `Unrecognised`.
 *
 * @example
 * ```ts
 * acquireErrorCodeSchema.parse('RATE_LIMITED'); // 'RATE_LIMITED', typed Unrecognised
 * ```
 */
export const acquireErrorCodeSchema = openEnum(acquireErrorCodes);
export type AcquireErrorCode = z.infer<typeof acquireErrorCodeSchema>;

/** Body of `POST /v1/acquire/product` and `/v1/acquire/product/async`. */
export const acquireRequestSchema = z.object({
  operationId: nonEmptyString,
  sku: nonEmptyString,
  beneficiaryId: nonEmptyString,
  customerMsisdn: nonEmptyString,
  amount: amount.positive().optional(),
});
export type AcquireRequest = z.infer<typeof acquireRequestSchema>;

const success = z.object({
  status: z.literal('SUCCESS'),
  transactionId: z.string(),
  reference: z.string(),
});
const failure = z.object({
  status: z.literal('FAILURE'),
  error: acquireErrorCodeSchema,
  rawErrorCode: z.string().optional(),
});
const unknownFields = z.object({
  status: z.literal('UNKNOWN'),
  error: acquireErrorCodeSchema.optional(),
  transactionId: z.string().optional(),
  reference: z.string().optional(),
});
/** `UNKNOWN`, and `raw` when it is a status this version does not know (see below). */
type UnknownAcquire = z.output<typeof unknownFields> & { raw?: Unrecognised };
const unknown = unknownFields.transform((value): UnknownAcquire => value);

/**
 * An acquire status this version does not know reads as `UNKNOWN` ("not final: ask
 * `GET /v1/acquire/status`"), with the wire status in `raw`: never a SUCCESS or FAILURE it
 * cannot vouch for.
 */
const unknownStatus = (raw: Unrecognised): UnknownAcquire => ({ status: 'UNKNOWN', raw });

/**
 * Answer of a synchronous acquire: `SUCCESS`, `FAILURE` with an error code, or `UNKNOWN`. A
 * status added upstream later reads as `{ status: 'UNKNOWN', raw: '<its status>' }`.
 *
 * @example
 * ```ts
 * const result = acquireResultSchema.parse({ status: 'PENDING' }); // { status: 'UNKNOWN', raw: 'PENDING' }
 * if (result.status === 'UNKNOWN' && result.raw !== undefined) console.warn('new status', result.raw);
 * ```
 */
export const acquireResultSchema = openUnion(
  'status',
  z.discriminatedUnion('status', [success, failure, unknown]),
  ['SUCCESS', 'FAILURE', 'UNKNOWN'],
  unknownStatus,
);
export type AcquireResult = z.infer<typeof acquireResultSchema>;

/**
 * Answer of an asynchronous acquire: `INITIATED` (a callback follows) or `FAILURE` (none will).
 * A status added upstream later reads as `{ status: 'UNKNOWN', raw: '<its status>' }`: whether a
 * callback follows is not known, ask `GET /v1/acquire/status`.
 *
 * @example
 * ```ts
 * asyncAcquireResultSchema.parse({ status: 'QUEUED' }); // { status: 'UNKNOWN', raw: 'QUEUED' }
 * ```
 */
export const asyncAcquireResultSchema = openUnion(
  'status',
  z.discriminatedUnion('status', [z.object({ status: z.literal('INITIATED') }), failure]),
  ['INITIATED', 'FAILURE'],
  unknownStatus,
);
export type AsyncAcquireResult = z.infer<typeof asyncAcquireResultSchema>;

/**
 * Answer of `GET /v1/acquire/status?operationId=`; `NOT_FOUND` for an unknown operationId. A
 * status added upstream later reads as `{ status: 'UNKNOWN', raw: '<its status>' }`.
 *
 * @example
 * ```ts
 * acquireStatusSchema.parse({ status: 'NOT_FOUND' }); // { status: 'NOT_FOUND' }
 * ```
 */
export const acquireStatusSchema = openUnion(
  'status',
  z.discriminatedUnion('status', [
    success,
    failure,
    unknown,
    z.object({ status: z.literal('NOT_FOUND') }),
  ]),
  ['SUCCESS', 'FAILURE', 'UNKNOWN', 'NOT_FOUND'],
  unknownStatus,
);
export type AcquireStatus = z.infer<typeof acquireStatusSchema>;
