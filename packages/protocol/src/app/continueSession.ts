import { z } from 'zod';
import { stringMap } from '../internal/fields';
import { contextDataField, sessionEventBase } from './common';

/** The text the customer entered (for a chooser, the chosen accessKey). */
export const inputResultSchema = z.object({ type: z.literal('InputResult'), value: z.string() });
export type InputResult = z.infer<typeof inputResultSchema>;

/** Why a merchant payment failed (`status.cause.type`). */
export const merchantPaymentFailureCauseSchema = z.enum([
  'AuthenticationFailed',
  'InsufficientBalance',
  'InvalidMerchant',
  'NoAccounts',
  'SwitchUnavailable',
  'Other',
]);
export type MerchantPaymentFailureCause = z.infer<typeof merchantPaymentFailureCauseSchema>;

/**
 * The failure cause, read as `{type}` (the spec and upstream's example) or as a bare string
 * (upstream's schema); always given as `{type}`.
 */
const failureCause = z.union([
  z.object({ type: merchantPaymentFailureCauseSchema }),
  merchantPaymentFailureCauseSchema.transform((type) => ({ type })),
]);

/** Outcome of a merchant payment process. */
export const merchantPaymentStatusSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Success') }),
  z.object({ type: z.literal('Failure'), cause: failureCause }),
  z.object({ type: z.literal('Unknown') }),
]);
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
