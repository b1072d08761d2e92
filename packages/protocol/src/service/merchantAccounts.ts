import { z } from 'zod';
import { nonEmptyString } from '../internal/fields';

/** One account of a customer at a bank. */
export const customerAccountSchema = z.object({ accountNumber: nonEmptyString });
export type CustomerAccount = z.infer<typeof customerAccountSchema>;

/** A bank where the customer holds accounts: the `bankCode` a merchant payment can name. */
export const customerBankSchema = z.object({
  bankCode: nonEmptyString,
  bankName: z.string(),
  accounts: z.array(customerAccountSchema),
});
export type CustomerBank = z.infer<typeof customerBankSchema>;

/**
 * Answer of `GET /merchant/accounts?customerMsisdn=`: the customer's banks and accounts (the
 * sandbox's design; upstream publishes no shape). A customer without accounts has `banks: []`.
 *
 * @example
 * ```ts
 * const answer: CustomerAccounts = { customerMsisdn: '+2348031234567', banks: [{ bankCode: '058', bankName: 'GTBank', accounts: [{ accountNumber: '0581234567' }] }] };
 * ```
 */
export const customerAccountsSchema = z.object({
  /** The customer's number as `+234` and 10 digits. */
  customerMsisdn: z.string(),
  banks: z.array(customerBankSchema),
});
export type CustomerAccounts = z.infer<typeof customerAccountsSchema>;
