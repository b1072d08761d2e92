/** A sandbox bank account with its balance in Naira (debited by successful payments). */
export interface SandboxAccount {
  readonly number: string;
  balance: number;
}

/** A sandbox bank with the accounts every customer holds there. */
export interface SandboxBank {
  readonly code: string;
  readonly name: string;
  readonly accounts: SandboxAccount[];
}

/**
 * The banks and accounts of the merchant payment dialog (docs/gateway.md). Every phone holds
 * these accounts, except a phone whose number ends in `0000`, which holds none (`NoAccounts`).
 * Each gateway gets its own copy, so balances start fresh.
 *
 * @example
 * ```ts
 * const banks = createSandboxBanks(); // Access Bank 044, GTBank 058, Zenith Bank 057
 * ```
 */
export function createSandboxBanks(): SandboxBank[] {
  return [
    {
      code: '044',
      name: 'Access Bank',
      accounts: [
        { number: '0690000031', balance: 250_000 },
        { number: '0690000032', balance: 500 },
      ],
    },
    { code: '058', name: 'GTBank', accounts: [{ number: '0581234567', balance: 1_000_000 }] },
    { code: '057', name: 'Zenith Bank', accounts: [{ number: '0579876543', balance: 20_000 }] },
  ];
}

/**
 * True for the phones that hold no account (number ending in `0000`).
 *
 * @example
 * ```ts
 * holdsNoAccounts('08031230000'); // true
 * ```
 */
export function holdsNoAccounts(msisdn: string): boolean {
  return msisdn.replace(/\D/g, '').endsWith('0000');
}
