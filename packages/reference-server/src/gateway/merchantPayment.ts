import type {
  MerchantPaymentCallback,
  MerchantPaymentFailureCause,
  MerchantPaymentProcess,
  MerchantPaymentStatus,
} from '@ussdkit/protocol';
import { type DialogStep, menu, prompt } from './Dialog';
import { holdsNoAccounts, type SandboxAccount, type SandboxBank } from './sandboxBanks';

/** The PIN that pays (any other PIN without a trigger fails with `AuthenticationFailed`). */
export const CORRECT_PIN = '1234';

/** Sandbox time after which an `Unknown` payment gets its final callback. */
export const UNKNOWN_SETTLES_AFTER_MS = 30_000;

/** What a merchant payment dialog needs from its session and gateway. */
export interface PaymentContext {
  /** The developer of the app that runs the payment. */
  readonly clientId: string;
  readonly msisdn: string;
  readonly banks: readonly SandboxBank[];
  sendCallback(body: MerchantPaymentCallback): void;
  /** Runs `task` after `delayMs` of sandbox time (cancelled when the gateway closes). */
  later(delayMs: number, task: () => void): void;
}

/**
 * Starts the merchant payment dialog the gateway runs for a `MerchantPaymentProcess`, following
 * its payment mode (Flexible: bank then account; FixedBank: account; FixedAccount: none), then a
 * PIN. The outcome goes back to the app as `MerchantPaymentResult` and to the developer's
 * callback URL. Triggers are documented in docs/gateway.md.
 *
 * @example
 * ```ts
 * const step = startMerchantPayment(process, context); // first screen, or a result at once
 * ```
 */
export function startMerchantPayment(
  process: MerchantPaymentProcess,
  context: PaymentContext,
): DialogStep {
  const mode = process.paymentMode;
  const heading = `Pay NGN ${process.amount} to ${process.merchantCode}`;
  const chooseAccount = (bank: SandboxBank): DialogStep =>
    menu(
      `${heading}\nChoose your ${bank.name} account:`,
      bank.accounts.map((account) => ({ label: account.number, value: account })),
      (account) => askPin(process, context, heading, account),
    );
  if (mode.type === 'Flexible') {
    if (holdsNoAccounts(context.msisdn)) return finish(process, context, failure('NoAccounts'));
    return menu(
      `${heading}\nChoose your bank:`,
      context.banks.map((bank) => ({ label: bank.name, value: bank })),
      chooseAccount,
    );
  }
  const bank = context.banks.find((candidate) => candidate.code === mode.bank);
  if (bank === undefined) return finish(process, context, failure('Other'));
  if (mode.type === 'FixedBank') return chooseAccount(bank);
  const account = bank.accounts.find((candidate) => candidate.number === mode.account);
  if (account === undefined) return finish(process, context, failure('Other'));
  return askPin(process, context, heading, account);
}

function askPin(
  process: MerchantPaymentProcess,
  context: PaymentContext,
  heading: string,
  account: SandboxAccount,
): DialogStep {
  return prompt(`${heading} from ${account.number}\nEnter your PIN:`, (pin) =>
    settle(process, context, account, pin),
  );
}

function failure(cause: MerchantPaymentFailureCause): MerchantPaymentStatus {
  return { type: 'Failure', cause: { type: cause } };
}

/** Decides the outcome from the PIN, the merchant code and the account balance. */
function settle(
  process: MerchantPaymentProcess,
  context: PaymentContext,
  account: SandboxAccount,
  pin: string,
): DialogStep {
  if (pin === '5555') return finish(process, context, failure('SwitchUnavailable'));
  if (pin === '6666') return finish(process, context, failure('Other'));
  if (pin === '7777' || pin === '8888') {
    const succeeds = pin === '7777';
    context.later(UNKNOWN_SETTLES_AFTER_MS, () => {
      if (succeeds) account.balance -= process.amount;
      context.sendCallback(
        succeeds
          ? { clientId: context.clientId, operationId: process.operationId, result: 'Success' }
          : {
              clientId: context.clientId,
              operationId: process.operationId,
              result: 'Failure',
              cause: 'Other',
            },
      );
    });
    return finish(process, context, { type: 'Unknown' });
  }
  if (pin !== CORRECT_PIN) return finish(process, context, failure('AuthenticationFailed'));
  if (process.merchantCode.startsWith('999')) {
    return finish(process, context, failure('InvalidMerchant'));
  }
  if (account.balance < process.amount) {
    return finish(process, context, failure('InsufficientBalance'));
  }
  account.balance -= process.amount;
  return finish(process, context, { type: 'Success' });
}

function finish(
  process: MerchantPaymentProcess,
  context: PaymentContext,
  status: MerchantPaymentStatus,
): DialogStep {
  const base = { clientId: context.clientId, operationId: process.operationId };
  context.sendCallback(
    status.type === 'Failure'
      ? { ...base, result: 'Failure', cause: status.cause.type }
      : { ...base, result: status.type },
  );
  return {
    type: 'done',
    result: { type: 'MerchantPaymentResult', operationId: process.operationId, status },
  };
}
