import { z } from 'zod';
import { amount, nonEmptyString, stringMap } from '../internal/fields';

/** The customer picks bank and account. */
export const flexiblePaymentModeSchema = z.object({ type: z.literal('Flexible') });
/** The bank is given; the customer picks the account. */
export const fixedBankPaymentModeSchema = z.object({
  type: z.literal('FixedBank'),
  bank: nonEmptyString,
});
/**
 * Bank and account are given. Written as `account` (the spec and upstream's example); upstream's
 * schema name `accountNumber` is also read.
 */
export const fixedAccountPaymentModeSchema = z
  .object({
    type: z.literal('FixedAccount'),
    bank: nonEmptyString,
    account: nonEmptyString.optional(),
    accountNumber: nonEmptyString.optional(),
  })
  .refine((mode) => mode.account !== undefined || mode.accountNumber !== undefined, {
    message: 'FixedAccount needs an account',
    path: ['account'],
  })
  .meta({ anyOf: [{ required: ['account'] }, { required: ['accountNumber'] }] })
  .transform(({ type, bank, account, accountNumber }) => ({
    type,
    bank,
    account: (account ?? accountNumber) as string,
  }));

/** How the customer's account is chosen in a merchant payment. */
export const paymentModeSchema = z.discriminatedUnion('type', [
  flexiblePaymentModeSchema,
  fixedBankPaymentModeSchema,
  fixedAccountPaymentModeSchema,
]);
export type PaymentMode = z.infer<typeof paymentModeSchema>;

/** Whether the payment waits for the bank (with a timeout) or answers at once (upstream 1.6.4). */
export const executionModeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('WithBankResponseTimeout'), millis: z.number().int().nonnegative() }),
  z.object({ type: z.literal('WithoutWaitingForBank') }),
]);
export type ExecutionMode = z.infer<typeof executionModeSchema>;

/** A merchant payment run by the gateway inside the session. */
export const merchantPaymentProcessSchema = z.object({
  type: z.literal('MerchantPaymentProcess'),
  operationId: nonEmptyString,
  merchantCode: nonEmptyString,
  amount: amount.positive(),
  paymentMode: paymentModeSchema,
  executionMode: executionModeSchema.optional(),
});
export type MerchantPaymentProcess = z.infer<typeof merchantPaymentProcessSchema>;

/** A process managed by the service, selected by `processId`; params are strings. */
export const embeddedProcessSchema = z.object({
  type: z.literal('EmbeddedProcess'),
  processId: nonEmptyString,
  params: stringMap,
});
export type EmbeddedProcess = z.infer<typeof embeddedProcessSchema>;

/** What a RunProcess action runs. */
export const processSchema = z.discriminatedUnion('type', [
  merchantPaymentProcessSchema,
  embeddedProcessSchema,
]);
export type Process = z.infer<typeof processSchema>;
