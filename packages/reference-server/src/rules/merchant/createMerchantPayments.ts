import {
  DEFAULT_BANK_RESPONSE_TIMEOUT_MS,
  DEFAULT_EXECUTION_MODE,
  type MerchantPaymentCallback,
  type MerchantPaymentExecutionMode,
  type MerchantPaymentFailureCause,
  type MerchantPaymentProcess,
  type MerchantPaymentRequest,
  merchantPaymentFailureCauseSchema,
} from '@ussdkit/protocol';
import { holdsNoAccounts } from '../../gateway/dialogs/sandboxBanks';
import { createOperationIds, type OperationIds, operationKey } from '../OperationIds';
import { badRequest } from '../requests/RuleError';
import { checkCustomerMsisdn, serviceBanks } from './customerAccounts';

/** The `appId` of the sessions the service starts for `POST /merchant/payment` (no app is called). */
export const PAYMENT_SESSION_APP_ID = 'merchant-payment';

/**
 * The app code in the recovery short codes of those sessions, `*<main>*0*<5 digits>#`: the
 * service's own, since no app of the developer runs them.
 */
export const PAYMENT_SESSION_APP_CODE = '0';

/**
 * How a merchant payment ended, as the customer's session or a test reports it.
 *
 * @example
 * ```ts
 * const outcome: MerchantPaymentOutcome = { result: 'Failure', cause: 'InsufficientBalance' };
 * ```
 */
export type MerchantPaymentOutcome =
  | { readonly result: 'Success' }
  | { readonly result: 'Failure'; readonly cause: MerchantPaymentFailureCause }
  | { readonly result: 'Unknown' };

/**
 * A merchant payment started with `POST /merchant/payment`, as the service records it: the
 * request's fields as it gave them, and the payment's state (times in milliseconds since the
 * epoch). `INITIATED` until an outcome is reported; `UNKNOWN` is not final.
 *
 * @example
 * ```ts
 * if (record.status === 'FAILURE') console.log(record.cause);
 * ```
 */
export interface MerchantPaymentRecord
  extends Readonly<Omit<MerchantPaymentRequest, 'executionMode'>> {
  readonly clientId: string;
  /** With upstream's defaults applied. */
  readonly executionMode: MerchantPaymentExecutionMode;
  status: 'INITIATED' | 'SUCCESS' | 'FAILURE' | 'UNKNOWN';
  cause?: MerchantPaymentFailureCause | undefined;
  /** The session pushed to the customer; none for a payment decided at once. */
  sessionId?: string | undefined;
  recoveryShortcode: string | null;
  readonly createdAt: number;
  updatedAt: number;
}

/**
 * What the merchant payment rules work on.
 *
 * @example
 * ```ts
 * const ports: MerchantPaymentPorts = { now: () => clock.now(), sendCallback: (id, op, body) => callbacks.send(id, op, body) };
 * ```
 */
export interface MerchantPaymentPorts {
  /** Milliseconds since the epoch, service time. */
  now(): number;
  /** Sends the merchant payment callback to the developer's callback URL. */
  sendCallback(clientId: string, operationId: string, body: MerchantPaymentCallback): void;
  /** Hears every payment recorded (the history records it). */
  recorded?(record: MerchantPaymentRecord): void;
  /**
   * The developer's one namespace of operationIds, shared with acquires and the processes apps
   * start in a session: an id used by any of them is `ALREADY_INITIATED` here.
   * @defaultValue a namespace of the payments' own
   */
  readonly operationIds?: OperationIds;
}

/**
 * What `POST /merchant/payment` does with a request: answer upstream's `ALREADY_INITIATED`, push
 * a session that runs `process` (the payment in the USSD process form), or nothing more (the
 * outcome was decided at once).
 *
 * @example
 * ```ts
 * const start = payments.initiate('demo-client', request);
 * if (start.kind === 'push') gateway.merchantPayment({ ...start });
 * ```
 */
export type MerchantPaymentStart =
  | { readonly kind: 'duplicate' }
  | {
      readonly kind: 'push';
      readonly record: MerchantPaymentRecord;
      readonly process: MerchantPaymentProcess;
    }
  | { readonly kind: 'settled'; readonly record: MerchantPaymentRecord };

/**
 * The rules of `POST /merchant/payment`: checks, uniqueness, upstream's executionMode defaults,
 * the outcomes and the merchant payment callback sent with each.
 *
 * @example
 * ```ts
 * payments.report('demo-client', 'op-1', { result: 'Success' }); // the callback goes out
 * ```
 */
export interface MerchantPayments {
  /** @throws {@link RuleError} 400 for a `customerMsisdn` or `bankCode` the service does not know. */
  initiate(clientId: string, request: MerchantPaymentRequest): MerchantPaymentStart;
  /** Records the session pushed for the payment. */
  pushed(
    record: MerchantPaymentRecord,
    session: { readonly sessionId: string; readonly recoveryShortcode: string | null },
  ): void;
  /**
   * Records an outcome and sends its callback; ignored once the payment is final (`SUCCESS` or
   * `FAILURE`) or unknown to the service.
   */
  report(clientId: string, operationId: string, outcome: MerchantPaymentOutcome): void;
  /**
   * The payment's session ended: a payment still `INITIATED` (the customer cancelled, or the
   * session timed out) fails with cause `Other`, and its callback goes out.
   */
  sessionEnded(sessionId: string): void;
  get(clientId: string, operationId: string): MerchantPaymentRecord | undefined;
  /** Forgets a payment (the history dropped it): its operationId may be used again. */
  forget(clientId: string, operationId: string): void;
}

/**
 * The merchant payment callback of a payment in its current state (spec: `{clientId,
 * operationId, result, cause?}`, `cause` only with `Failure`).
 *
 * @example
 * ```ts
 * merchantPaymentCallback(record); // { clientId, operationId, result: 'Failure', cause: 'NoAccounts' }
 * ```
 */
export function merchantPaymentCallback(record: MerchantPaymentRecord): MerchantPaymentCallback {
  const base = { clientId: record.clientId, operationId: record.operationId };
  switch (record.status) {
    case 'SUCCESS':
      return { ...base, result: 'Success' };
    case 'FAILURE':
      return { ...base, result: 'Failure', cause: record.cause ?? 'Other' };
    default:
      return { ...base, result: 'Unknown' };
  }
}

/**
 * `executionMode` with upstream's defaults: `WithBankResponseTimeout` and 30000 ms.
 *
 * @example
 * ```ts
 * withExecutionDefaults(undefined); // { mode: 'WithBankResponseTimeout', millis: 30000 }
 * ```
 */
export function withExecutionDefaults(
  mode: MerchantPaymentExecutionMode | undefined,
): MerchantPaymentExecutionMode {
  const chosen = mode?.mode ?? DEFAULT_EXECUTION_MODE;
  if (chosen === 'WithoutWaitingForBank') return { mode: chosen };
  return { mode: chosen, millis: mode?.millis ?? DEFAULT_BANK_RESPONSE_TIMEOUT_MS };
}

/** The payment in the form of the USSD process the gateway runs (REST `mode` is USSD `type`). */
function processOf(record: MerchantPaymentRecord): MerchantPaymentProcess {
  const { executionMode } = record;
  return {
    type: 'MerchantPaymentProcess',
    operationId: record.operationId,
    merchantCode: record.merchantCode,
    amount: record.amount,
    paymentMode:
      record.bankCode === undefined
        ? { type: 'Flexible' }
        : { type: 'FixedBank', bank: record.bankCode },
    executionMode:
      executionMode.mode === 'WithoutWaitingForBank'
        ? { type: 'WithoutWaitingForBank' }
        : {
            type: 'WithBankResponseTimeout',
            millis: executionMode.millis ?? DEFAULT_BANK_RESPONSE_TIMEOUT_MS,
          },
  };
}

/**
 * Creates the merchant payment rules over their ports.
 *
 * @example
 * ```ts
 * const payments = createMerchantPayments({ now: () => clock.now(), sendCallback });
 * const start = payments.initiate('demo-client', { operationId: 'op-1', customerMsisdn: '08031234567', merchantCode: '12345', amount: 1500 });
 * ```
 */
export function createMerchantPayments(ports: MerchantPaymentPorts): MerchantPayments {
  const byKey = new Map<string, MerchantPaymentRecord>();
  const ids = ports.operationIds ?? createOperationIds();
  const bySession = new Map<string, MerchantPaymentRecord>();

  function report(record: MerchantPaymentRecord, outcome: MerchantPaymentOutcome): void {
    if (record.status === 'SUCCESS' || record.status === 'FAILURE') return;
    record.status =
      outcome.result === 'Success'
        ? 'SUCCESS'
        : outcome.result === 'Failure'
          ? 'FAILURE'
          : 'UNKNOWN';
    record.cause = outcome.result === 'Failure' ? outcome.cause : undefined;
    record.updatedAt = ports.now();
    ports.sendCallback(record.clientId, record.operationId, merchantPaymentCallback(record));
  }

  return {
    initiate(clientId, request) {
      checkCustomerMsisdn('customerMsisdn', request.customerMsisdn);
      const { bankCode } = request;
      if (bankCode !== undefined) {
        const banks = serviceBanks();
        if (!banks.some((bank) => bank.code === bankCode)) {
          const known = banks.map((bank) => `${bank.code} (${bank.name})`).join(', ');
          throw badRequest(`bankCode: no bank "${bankCode}" in the service; use one of ${known}`);
        }
      }
      const key = operationKey(clientId, request.operationId);
      if (!ids.claim(clientId, request.operationId)) return { kind: 'duplicate' };
      const now = ports.now();
      const record: MerchantPaymentRecord = {
        clientId,
        operationId: request.operationId,
        customerMsisdn: request.customerMsisdn,
        ...(request.customerEmail === undefined ? {} : { customerEmail: request.customerEmail }),
        merchantCode: request.merchantCode,
        amount: request.amount,
        ...(bankCode === undefined ? {} : { bankCode }),
        executionMode: withExecutionDefaults(request.executionMode),
        status: 'INITIATED',
        recoveryShortcode: null,
        createdAt: now,
        updatedAt: now,
      };
      byKey.set(key, record);
      ports.recorded?.(record);
      // A customer without accounts cannot choose one: no session is pushed (Flexible mode only,
      // as in the gateway's dialog, where a given bank still offers its accounts).
      if (bankCode === undefined && holdsNoAccounts(request.customerMsisdn)) {
        report(record, { result: 'Failure', cause: 'NoAccounts' });
        return { kind: 'settled', record };
      }
      return { kind: 'push', record, process: processOf(record) };
    },

    pushed(record, { sessionId, recoveryShortcode }) {
      record.sessionId = sessionId;
      record.recoveryShortcode = recoveryShortcode;
      bySession.set(sessionId, record);
    },

    report(clientId, operationId, outcome) {
      const record = byKey.get(operationKey(clientId, operationId));
      if (record !== undefined) report(record, outcome);
    },

    sessionEnded(sessionId) {
      const record = bySession.get(sessionId);
      if (record === undefined) return;
      bySession.delete(sessionId);
      if (record.status === 'INITIATED') report(record, { result: 'Failure', cause: 'Other' });
    },

    get: (clientId, operationId) => byKey.get(operationKey(clientId, operationId)),

    forget(clientId, operationId) {
      const key = operationKey(clientId, operationId);
      const record = byKey.get(key);
      byKey.delete(key);
      ids.release(clientId, operationId);
      if (record?.sessionId !== undefined) bySession.delete(record.sessionId);
    },
  };
}

/**
 * The outcome a merchant payment callback body reports (a cause the spec does not list reads as
 * `Other`).
 *
 * @example
 * ```ts
 * outcomeOfCallback({ clientId, operationId, result: 'Failure', cause: 'InsufficientBalance' });
 * // { result: 'Failure', cause: 'InsufficientBalance' }
 * ```
 */
export function outcomeOfCallback(body: MerchantPaymentCallback): MerchantPaymentOutcome {
  if (body.result !== 'Failure') return { result: body.result };
  const cause = merchantPaymentFailureCauseSchema.safeParse(body.cause);
  return { result: 'Failure', cause: cause.success ? cause.data : 'Other' };
}
