import { z } from 'zod';
import { stringMap } from '../internal/fields';
import { openEnum, openUnion } from '../internal/open';
import type { Unrecognised } from '../Unrecognised';
import { contextDataField, sessionEventBase } from './common';

/** The text the customer entered (for a chooser, the chosen accessKey). */
export const inputResultSchema = z.object({ type: z.literal('InputResult'), value: z.string() });
export type InputResult = z.infer<typeof inputResultSchema>;

/** Every merchant payment failure cause the spec lists, in its order. */
export const merchantPaymentFailureCauses = [
  'AuthenticationFailed',
  'InsufficientBalance',
  'InvalidMerchant',
  'NoAccounts',
  'SwitchUnavailable',
  'Other',
] as const;

/**
 * Why a merchant payment failed (`status.cause.type`): one of
 * {@link merchantPaymentFailureCauses}, or a cause added upstream later, kept as sent and typed
 * `Unrecognised`.
 *
 * @example
 * ```ts
 * merchantPaymentFailureCauseSchema.parse('NewCause'); // 'NewCause', typed Unrecognised
 * ```
 */
export const merchantPaymentFailureCauseSchema = openEnum(merchantPaymentFailureCauses);
export type MerchantPaymentFailureCause = z.infer<typeof merchantPaymentFailureCauseSchema>;

/**
 * The failure cause, read as `{type}` (the spec and upstream's example) or as a bare string
 * (upstream's schema); always given as `{type}`.
 */
const failureCause = z.union([
  z.object({ type: merchantPaymentFailureCauseSchema }),
  merchantPaymentFailureCauseSchema.transform((type) => ({ type })),
]);

/** `Unknown`, and `raw` when it is an outcome this version does not know (see below). */
type UnknownPayment = { type: 'Unknown'; raw?: Unrecognised };

/**
 * Outcome of a merchant payment process. An outcome added upstream later reads as
 * `{ type: 'Unknown', raw: '<its type>' }`: `Unknown` is the spec's "the result cannot be
 * established during the session; the final result comes in the developer's callback", which is
 * all this version can say of it. Never a Success or Failure it cannot vouch for.
 *
 * @example
 * ```ts
 * merchantPaymentStatusSchema.parse({ type: 'Pending' }); // { type: 'Unknown', raw: 'Pending' }
 * ```
 */
export const merchantPaymentStatusSchema = openUnion(
  'type',
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('Success') }),
    z.object({ type: z.literal('Failure'), cause: failureCause }),
    z.object({ type: z.literal('Unknown') }).transform((value): UnknownPayment => value),
  ]),
  ['Success', 'Failure', 'Unknown'],
  (raw): UnknownPayment => ({ type: 'Unknown', raw }),
);
export type MerchantPaymentStatus = z.infer<typeof merchantPaymentStatusSchema>;

/** Result of a merchant payment process run by the gateway. */
export const merchantPaymentResultSchema = z.object({
  type: z.literal('MerchantPaymentResult'),
  operationId: z.string(),
  status: merchantPaymentStatusSchema,
});
export type MerchantPaymentResult = z.infer<typeof merchantPaymentResultSchema>;

/** Result of an embedded process; all values are strings. */
export const embeddedProcessResultSchema = z.object({
  type: z.literal('EmbeddedProcessResult'),
  resultParams: stringMap,
});
export type EmbeddedProcessResult = z.infer<typeof embeddedProcessResultSchema>;

/** The redirected-to app returned control with these params (upstream 1.6.4). */
export const returnFromRedirectResultSchema = z.object({
  type: z.literal('ReturnFromRedirectResult'),
  resultParams: stringMap,
});
export type ReturnFromRedirectResult = z.infer<typeof returnFromRedirectResultSchema>;

/** What a continue request reports. */
export const actionResultSchema = z.discriminatedUnion('type', [
  inputResultSchema,
  merchantPaymentResultSchema,
  embeddedProcessResultSchema,
  returnFromRedirectResultSchema,
]);
export type ActionResult = z.infer<typeof actionResultSchema>;

/** Body of `POST {app_url}/ussdSessionEvent/continue`. */
export const continueSessionSchema = z.object({
  ...sessionEventBase,
  result: actionResultSchema,
  contextData: contextDataField,
});
export type ContinueSession = z.infer<typeof continueSessionSchema>;
