import {
  type AcquireHistoryEntry,
  type HistoryOperation,
  type OperationHistoryQuery,
  operationHistoryQuerySchema,
  ProtocolError,
  parseWire,
} from '@ussdkit/protocol';
import type { AcquireOperation } from '../acquire/AcquireOperation';
import type { MerchantPaymentRecord } from '../merchant/createMerchantPayments';
import { badRequest } from '../requests/RuleError';
import type { HistoryRecord, PushRecord, SessionRecord } from './HistoryLog';

const seconds = (ms: number) => ms / 1000;

/**
 * An acquire as `GET /sandbox/history` lists it (its current state; times in seconds): the
 * service's entry with `clientId`, and the customer's msisdn as `msisdn`.
 */
export type SandboxAcquireEntry = Omit<AcquireHistoryEntry, 'customerMsisdn'> & {
  readonly clientId: string;
  readonly msisdn: string;
};

/** A merchant payment as `GET /sandbox/history` lists it: the service's entry with `clientId`. */
export type SandboxMerchantPaymentEntry = Extract<HistoryOperation, { type: 'merchantPayment' }> & {
  readonly clientId: string;
};

/**
 * One row of `GET /sandbox/history` (every developer's, with `clientId`).
 *
 * @example
 * ```ts
 * const rows: SandboxHistoryEntry[] = history.list(clock.now()).map(sandboxHistoryEntry);
 * ```
 */
export type SandboxHistoryEntry =
  | SandboxAcquireEntry
  | SandboxMerchantPaymentEntry
  | PushRecord
  | SessionRecord;

function acquireEntry(operation: AcquireOperation): AcquireHistoryEntry {
  return {
    type: 'acquire',
    operationId: operation.operationId,
    flow: operation.flow,
    mode: operation.mode,
    sku: operation.sku,
    beneficiaryId: operation.beneficiaryId,
    customerMsisdn: operation.msisdn,
    amount: operation.amount,
    status: operation.status,
    ...(operation.error === undefined ? {} : { error: operation.error }),
    ...(operation.transactionId === undefined ? {} : { transactionId: operation.transactionId }),
    ...(operation.reference === undefined ? {} : { reference: operation.reference }),
    at: seconds(operation.createdAt),
    updatedAt: seconds(operation.updatedAt),
  };
}

function merchantPaymentEntry(
  payment: MerchantPaymentRecord,
): Extract<HistoryOperation, { type: 'merchantPayment' }> {
  return {
    type: 'merchantPayment',
    operationId: payment.operationId,
    customerMsisdn: payment.customerMsisdn,
    ...(payment.customerEmail === undefined ? {} : { customerEmail: payment.customerEmail }),
    merchantCode: payment.merchantCode,
    amount: payment.amount,
    ...(payment.bankCode === undefined ? {} : { bankCode: payment.bankCode }),
    executionMode: { ...payment.executionMode },
    status: payment.status,
    ...(payment.cause === undefined ? {} : { cause: payment.cause }),
    ...(payment.sessionId === undefined ? {} : { sessionId: payment.sessionId }),
    recoveryShortcode: payment.recoveryShortcode,
    at: seconds(payment.createdAt),
    updatedAt: seconds(payment.updatedAt),
  };
}

/**
 * A history entry as `GET /sandbox/history` lists it: acquires and merchant payments in their
 * current state, every row with its `clientId` (for a session, the charged developer).
 *
 * @example
 * ```ts
 * history.list(clock.now()).map(sandboxHistoryEntry);
 * ```
 */
export function sandboxHistoryEntry(record: HistoryRecord): SandboxHistoryEntry {
  switch (record.type) {
    case 'acquire': {
      const { customerMsisdn, ...entry } = acquireEntry(record.operation);
      return { ...entry, clientId: record.clientId, msisdn: customerMsisdn };
    }
    case 'merchantPayment':
      return { ...merchantPaymentEntry(record.payment), clientId: record.clientId };
    default:
      return record;
  }
}

/**
 * A history entry as `GET /operation/history` answers it to its developer: no `clientId`, the
 * acquire's msisdn as `customerMsisdn`, the session's payer as `chargedClientId`.
 *
 * @example
 * ```ts
 * const operations = selectHistory(history.list(clock.now()), clientId, query).map(historyOperation);
 * ```
 */
export function historyOperation(record: HistoryRecord): HistoryOperation {
  switch (record.type) {
    case 'acquire':
      return acquireEntry(record.operation);
    case 'merchantPayment':
      return merchantPaymentEntry(record.payment);
    case 'push': {
      const { clientId: _clientId, ...push } = record;
      return push;
    }
    case 'session': {
      const { clientId, type, sessionId, appId, msisdn, ...billing } = record;
      return { type, sessionId, appId, msisdn, chargedClientId: clientId, ...billing };
    }
  }
}

/**
 * Reads the query of `GET /operation/history` (empty parameters count as absent); 400 naming the
 * parameter that fails.
 *
 * @example
 * ```ts
 * parseHistoryQuery(new URLSearchParams('type=session&from=1767225600'));
 * ```
 */
export function parseHistoryQuery(query: URLSearchParams): OperationHistoryQuery {
  const given: Record<string, string> = {};
  for (const name of ['from', 'to', 'type', 'operationId', 'sessionId']) {
    const value = query.get(name);
    if (value !== null && value !== '') given[name] = value;
  }
  try {
    return parseWire(operationHistoryQuerySchema, given, 'history query');
  } catch (error) {
    if (error instanceof ProtocolError) throw badRequest(error.message, error);
    throw error;
  }
}

function operationIdOf(record: HistoryRecord): string | undefined {
  if (record.type === 'acquire') return record.operation.operationId;
  if (record.type === 'merchantPayment') return record.payment.operationId;
  return undefined;
}

function sessionIdOf(record: HistoryRecord): string | undefined {
  return record.type === 'merchantPayment'
    ? record.payment.sessionId
    : 'sessionId' in record
      ? record.sessionId
      : undefined;
}

/**
 * The entries of one developer that match the query (`from` inclusive, `to` exclusive, on `at`),
 * in the order given.
 *
 * @example
 * ```ts
 * selectHistory(history.list(clock.now()), 'demo-client', { type: 'session' });
 * ```
 */
export function selectHistory(
  records: readonly HistoryRecord[],
  clientId: string,
  query: OperationHistoryQuery,
): HistoryRecord[] {
  return records.filter(
    (record) =>
      record.clientId === clientId &&
      (query.type === undefined || record.type === query.type) &&
      (query.from === undefined || record.at >= query.from) &&
      (query.to === undefined || record.at < query.to) &&
      (query.operationId === undefined || operationIdOf(record) === query.operationId) &&
      (query.sessionId === undefined || sessionIdOf(record) === query.sessionId),
  );
}
