import type {
  MerchantPaymentFailureCause,
  MerchantPaymentProcess,
  MerchantPaymentStatus,
} from '@ussdkit/protocol';
import type { SandboxAccount } from './sandboxBanks';

/** The PIN that pays (any other PIN without a trigger fails with `AuthenticationFailed`). */
export const CORRECT_PIN = '1234';

/** Sandbox time the bank takes to answer a payment with PIN `7777` or `8888`. */
export const UNKNOWN_SETTLES_AFTER_MS = 30_000;

/**
 * How the sandbox bank answers a payment once the customer gave the PIN: the final status, after
 * how much sandbox time, and what settling does to the account.
 */
export interface BankAnswer {
  readonly status: Extract<MerchantPaymentStatus, { type: 'Success' | 'Failure' }>;
  /** Sandbox milliseconds until the bank answers: 0 for every PIN but `7777` and `8888`. */
  readonly afterMs: number;
  /** Applies the payment to the account when the bank answers (a success debits it). */
  settle(): void;
}

const nothing = () => {};

/**
 * The sandbox bank's answer to a PIN (the triggers of docs/gateway.md, in their order): `5555`
 * fails `SwitchUnavailable`, `6666` fails `Other`, `7777` succeeds and `8888` fails `Other` after
 * {@link UNKNOWN_SETTLES_AFTER_MS}, a PIN other than {@link CORRECT_PIN} fails
 * `AuthenticationFailed`, a merchant code starting `999` fails `InvalidMerchant`, an amount above
 * the balance fails `InsufficientBalance`; otherwise a success that debits the account. Every
 * answer but the late ones comes at once.
 *
 * @example
 * ```ts
 * const answer = bankAnswer(process, account, '1234'); // { status: { type: 'Success' }, afterMs: 0, settle }
 * ```
 */
export function bankAnswer(
  process: MerchantPaymentProcess,
  account: SandboxAccount,
  pin: string,
): BankAnswer {
  const failure = (cause: MerchantPaymentFailureCause, afterMs = 0): BankAnswer => ({
    status: { type: 'Failure', cause: { type: cause } },
    afterMs,
    settle: nothing,
  });
  const success = (afterMs = 0): BankAnswer => ({
    status: { type: 'Success' },
    afterMs,
    settle: () => {
      account.balance -= process.amount;
    },
  });
  if (pin === '5555') return failure('SwitchUnavailable');
  if (pin === '6666') return failure('Other');
  if (pin === '7777') return success(UNKNOWN_SETTLES_AFTER_MS);
  if (pin === '8888') return failure('Other', UNKNOWN_SETTLES_AFTER_MS);
  if (pin !== CORRECT_PIN) return failure('AuthenticationFailed');
  if (process.merchantCode.startsWith('999')) return failure('InvalidMerchant');
  if (account.balance < process.amount) return failure('InsufficientBalance');
  return success();
}
