import { z } from 'zod';
import { amount, nonEmptyString } from '../internal/fields';

/**
 * `executionMode` of `POST /merchant/payment`, in the REST form upstream documents: `mode`, and
 * `millis` for the timeout mode. The USSD `MerchantPaymentProcess` writes the same thing with `type`
 * instead of `mode` (see `executionModeSchema`). Upstream's defaults: `WithBankResponseTimeout`,
 * 30000 ms.
 *
 * @example
 * ```ts
 * merchantPaymentExecutionModeSchema.parse({ mode: 'WithBankResponseTimeout', millis: 10_000 });
 * ```
 */
export const merchantPaymentExecutionModeSchema = z.object({
  mode: z.enum(['WithoutWaitingForBank', 'WithBankResponseTimeout']),
  millis: z.number().int().nonnegative().optional(),
});
export type MerchantPaymentExecutionMode = z.infer<typeof merchantPaymentExecutionModeSchema>;

/** `mode` when `executionMode` is absent (upstream's default). */
export const DEFAULT_EXECUTION_MODE = 'WithBankResponseTimeout';
/** `millis` of `WithBankResponseTimeout` when absent (upstream's default). */
export const DEFAULT_BANK_RESPONSE_TIMEOUT_MS = 30_000;

/**
 * Body of `POST /merchant/payment`: upstream's two REST forms on one path. Without `bankCode` the
 * whole payment runs in USSD (the customer picks bank and account); with it the bank is given and
 * the customer picks the account. `customerMsisdn` takes any of the five msisdn forms.
 *
 * @example
 * ```ts
 * const body: MerchantPaymentRequest = { operationId: crypto.randomUUID(), customerMsisdn: '08031234567', merchantCode: '12345', amount: 1500 };
 * ```
 */
export const merchantPaymentRequestSchema = z.object({
  operationId: nonEmptyString,
  customerMsisdn: nonEmptyString,
  customerEmail: z.email().optional(),
  merchantCode: nonEmptyString,
  amount: amount.positive(),
  bankCode: nonEmptyString.optional(),
  executionMode: merchantPaymentExecutionModeSchema.optional(),
});
export type MerchantPaymentRequest = z.infer<typeof merchantPaymentRequestSchema>;

/**
 * Answer of `POST /merchant/payment` (HTTP 202): the recovery short code of the USSD session the
 * service pushed to the customer, `null` when the developer lacks the recovery permission (or no
 * session was pushed). Read as `null` when absent.
 *
 * @example
 * ```ts
 * merchantPaymentResponseSchema.parse({ recoveryShortcode: '*384*0*12345#' });
 * ```
 */
export const merchantPaymentResponseSchema = z.object({
  recoveryShortcode: z.string().nullable().default(null),
});
export type MerchantPaymentResponse = z.infer<typeof merchantPaymentResponseSchema>;

/**
 * The body of the 400 answer to a `POST /merchant/payment` whose operationId was already used:
 * upstream answers it as `text/plain`, not as JSON `{code, message}`.
 */
export const ALREADY_INITIATED = 'ALREADY_INITIATED';
