import type { ActionResult, MerchantPaymentProcess } from '@ussdkit/protocol';
import { PAYMENT_SESSION_APP_CODE, PAYMENT_SESSION_APP_ID } from '../rules/index';
import type { PaymentSessionRequest, PaymentSessionResult } from '../service/ServiceSessions';
import type { DialogStep } from './dialogs/Dialog';
import { startMerchantPayment } from './dialogs/merchantPayment';
import type { SandboxBank } from './dialogs/sandboxBanks';
import type { GatewayApp, GatewayDeps } from './GatewayDeps';
import type { GatewaySession } from './GatewaySession';
import { SESSION_LIMIT_MS } from './gatewayScreens';
import type { PhonePushes } from './phones/PhonePushes';
import type { RecoveryTokens } from './phones/RecoveryTokens';
import type { SessionMachine } from './session/SessionMachine';

/** What the gateway hands {@link startPaymentSession}: its own parts, shared with its sessions. */
export interface PaymentSessionParts {
  readonly deps: GatewayDeps;
  readonly machine: SessionMachine;
  readonly banks: readonly SandboxBank[];
  readonly tokens: RecoveryTokens;
  readonly phones: PhonePushes;
  /** Opens a session in the gateway's store (the gateway's own `open`). */
  open(app: GatewayApp, msisdn: string): GatewaySession;
  phoneKey(msisdn: string): string | undefined;
}

const causeWords: Readonly<Record<string, string>> = {
  AuthenticationFailed: 'wrong PIN',
  InsufficientBalance: 'insufficient balance',
  InvalidMerchant: 'invalid merchant',
  NoAccounts: 'no account',
  SwitchUnavailable: 'the bank cannot be reached',
  Other: 'the payment could not be made',
};

/** The last screen of the session, once the dialog has the payment's outcome. */
function closingScreen(process: MerchantPaymentProcess, result: ActionResult): string {
  if (result.type !== 'MerchantPaymentResult') return 'Thank you.';
  const { status } = result;
  if (status.type === 'Success') {
    return `Payment of NGN ${process.amount} to ${process.merchantCode} successful.`;
  }
  if (status.type === 'Failure') {
    return `Payment failed: ${causeWords[status.cause.type] ?? status.cause.type}. You were not debited.`;
  }
  return 'Your payment is being processed. You will be notified of the result.';
}

/**
 * Pushes the USSD session of a `POST /merchant/payment` to the customer's phone: the gateway's
 * merchant payment dialog (bank when not given, account, PIN, the bank's answer), seen by the
 * phone as a pending push (`GET /sandbox/phones/{msisdn}`). No app takes part: when the dialog has
 * the outcome, the phone sees it and the session closes with `End` (the service's own InfoView).
 * The session has a recovery short code when the developer holds RECOVERY, is billed to the
 * developer like any session, and times out like a push (120 s from the push).
 *
 * @example
 * ```ts
 * const started = startPaymentSession(parts, { clientId, msisdn, process, report });
 * ```
 */
export function startPaymentSession(
  parts: PaymentSessionParts,
  request: PaymentSessionRequest,
): PaymentSessionResult {
  const { deps, machine, tokens, phones } = parts;
  const { clientId, msisdn, process } = request;
  const phone = parts.phoneKey(msisdn);
  if (phone === undefined) {
    return { ok: false, status: 400, code: 'BAD_REQUEST', message: `invalid msisdn ${msisdn}` };
  }
  const app: GatewayApp = {
    appId: PAYMENT_SESSION_APP_ID,
    clientId,
    appCode: PAYMENT_SESSION_APP_CODE,
    url: '',
    authToken: '',
    answerTimeoutMs: 0,
  };
  const session = parts.open(app, msisdn);
  // The service itself runs this session: no app gets new, continue, close or abort.
  session.participants.length = 0;
  session.push = { contextData: '', takenUp: false, notice: false };
  machine.armTimeout(session, SESSION_LIMIT_MS);
  if (deps.findDeveloper(clientId)?.permissions.includes('RECOVERY') === true) {
    const grant = { sessionId: session.id, appId: app.appId, phone, contextData: '' };
    session.recoveryShortcode = tokens.issue(deps.mainCode, app.appCode, grant, deps.clock.now());
  }
  phones.set(phone, session);

  /** The dialog's steps, with its outcome shown and the session closed instead of a continue. */
  const serviceSide = (step: DialogStep): DialogStep => {
    switch (step.type) {
      case 'ask':
        return { ...step, next: { answer: (text) => serviceSide(step.next.answer(text)) } };
      case 'wait':
        return { ...step, resume: () => serviceSide(step.resume()) };
      case 'abort':
        return step;
      case 'done': {
        if (!session.open) return step;
        session.screen = closingScreen(process, step.result);
        machine.log(session, 'gateway', `screen: ${session.screen}`);
        // With no app to notify, ending runs at once: the step handed back finds it closed.
        void machine.end(session, { kind: 'close', reason: 'End' });
        return step;
      }
    }
  };

  const first = startMerchantPayment(process, {
    clientId,
    msisdn,
    banks: parts.banks,
    sendCallback: (body) => request.report(body),
    later: (delayMs, task) => void machine.later(delayMs, task),
  });
  void machine.serialize(session, async () => {
    machine.log(session, 'gateway', `merchant payment ${process.operationId} pushed to ${msisdn}`);
    await machine.step(session, serviceSide(first));
  });
  return session.recoveryShortcode === undefined
    ? { ok: true, sessionId: session.id }
    : { ok: true, sessionId: session.id, recoveryShortcode: session.recoveryShortcode };
}

export type { PaymentSessionRequest, PaymentSessionResult } from '../service/ServiceSessions';
