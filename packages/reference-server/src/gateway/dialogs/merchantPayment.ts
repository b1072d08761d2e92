import type {
  MerchantPaymentCallback,
  MerchantPaymentFailureCause,
  MerchantPaymentProcess,
  MerchantPaymentStatus,
} from '@ussdkit/protocol';
import { bankAnswer } from './bankAnswer';
import { type DialogStep, menu, prompt } from './Dialog';
import { holdsNoAccounts, type SandboxAccount, type SandboxBank } from './sandboxBanks';

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
 * PIN; then the sandbox bank answers ({@link bankAnswer}), at once or later, and the process's
 * `executionMode` decides how long the app waits for it. The outcome goes back to the app as
 * `MerchantPaymentResult` and to the developer's callback URL. Triggers are documented in
 * docs/gateway.md.
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
  return prompt(
    `${heading} from ${account.number}\nEnter your PIN:`,
    (pin) => settle(process, context, account, pin),
    { secret: true },
  );
}

function failure(cause: MerchantPaymentFailureCause): MerchantPaymentStatus {
  return { type: 'Failure', cause: { type: cause } };
}

/**
 * Sends the payment to the bank and answers the app as its `executionMode` says (upstream 1.6.4):
 * `WithoutWaitingForBank` answers `Unknown` at once; `WithBankResponseTimeout {millis}` waits up to
 * `millis` of sandbox time for the bank, then answers `Unknown`; without a mode the gateway waits
 * only for an answer that comes at once (the sandbox's behaviour before modes were honoured).
 * Whenever the app hears `Unknown`, the final result goes to the callback URL when the bank answers.
 */
function settle(
  process: MerchantPaymentProcess,
  context: PaymentContext,
  account: SandboxAccount,
  pin: string,
): DialogStep {
  const bank = bankAnswer(process, account, pin);
  const mode = process.executionMode;
  const waitMs =
    mode === undefined ? 0 : mode.type === 'WithBankResponseTimeout' ? mode.millis : undefined;
  const note = (ms: number) => `waiting up to ${ms} ms of sandbox time for the bank`;
  if (waitMs !== undefined && bank.afterMs <= waitMs) {
    const answered = (): DialogStep => {
      bank.settle();
      return finish(process, context, bank.status);
    };
    if (bank.afterMs === 0) return answered();
    return { type: 'wait', ms: bank.afterMs, note: note(waitMs), resume: answered };
  }
  const unknown = (): DialogStep => finish(process, context, { type: 'Unknown' });
  const step: DialogStep =
    waitMs === undefined || waitMs === 0
      ? unknown()
      : { type: 'wait', ms: waitMs, note: note(waitMs), resume: unknown };
  const bankAnswers = () => {
    bank.settle();
    context.sendCallback(callbackBody(process, context, bank.status));
  };
  if (bank.afterMs === 0) bankAnswers();
  else context.later(bank.afterMs, bankAnswers);
  return step;
}

function finish(
  process: MerchantPaymentProcess,
  context: PaymentContext,
  status: MerchantPaymentStatus,
): DialogStep {
  context.sendCallback(callbackBody(process, context, status));
  return {
    type: 'done',
    result: { type: 'MerchantPaymentResult', operationId: process.operationId, status },
  };
}

/** The merchant payment callback of a status (the cause as its bare name, e.g. `"NoAccounts"`). */
function callbackBody(
  process: MerchantPaymentProcess,
  context: PaymentContext,
  status: MerchantPaymentStatus,
): MerchantPaymentCallback {
  const base = { clientId: context.clientId, operationId: process.operationId };
  return status.type === 'Failure'
    ? { ...base, result: 'Failure', cause: status.cause.type }
    : { ...base, result: status.type };
}
