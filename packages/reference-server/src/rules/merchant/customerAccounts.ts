import { type CustomerAccounts, isMsisdn, normalizeMsisdn } from '@ussdkit/protocol';
import {
  createSandboxBanks,
  holdsNoAccounts,
  type SandboxBank,
} from '../../gateway/dialogs/sandboxBanks';
import { badRequest } from '../requests/RuleError';

/**
 * Checks a customer's phone number: 400 naming the field unless it is in one of the five msisdn
 * forms. Returns it as `+234` and 10 digits.
 *
 * @example
 * ```ts
 * checkCustomerMsisdn('customerMsisdn', '08031234567'); // '+2348031234567'
 * ```
 */
export function checkCustomerMsisdn(field: string, msisdn: string): string {
  if (!isMsisdn(msisdn)) {
    throw badRequest(
      `${field}: "${msisdn}" is not a phone number; send +234, 234, 0 or +0 and 10 digits, or 10 digits`,
    );
  }
  return normalizeMsisdn(msisdn);
}

/**
 * The banks of the service and their account numbers: the gateway's sandbox banks (docs/gateway.md),
 * which every customer holds, except a phone whose number ends in `0000`, which holds none.
 *
 * @example
 * ```ts
 * serviceBanks().map((bank) => bank.code); // ['044', '058', '057']
 * ```
 */
export function serviceBanks(): SandboxBank[] {
  return createSandboxBanks();
}

/**
 * `GET /merchant/accounts?customerMsisdn=`: the customer's banks and account numbers (no
 * balances: they are the customer's business); `banks: []` for a customer without accounts.
 *
 * @throws {@link RuleError} 400 for a `customerMsisdn` that is no phone number.
 * @example
 * ```ts
 * customerAccounts('08031234567').banks[0]; // { bankCode: '044', bankName: 'Access Bank', accounts: [...] }
 * ```
 */
export function customerAccounts(customerMsisdn: string): CustomerAccounts {
  const normalized = checkCustomerMsisdn('customerMsisdn', customerMsisdn);
  if (holdsNoAccounts(normalized)) return { customerMsisdn: normalized, banks: [] };
  return {
    customerMsisdn: normalized,
    banks: serviceBanks().map((bank) => ({
      bankCode: bank.code,
      bankName: bank.name,
      accounts: bank.accounts.map((account) => ({ accountNumber: account.number })),
    })),
  };
}
