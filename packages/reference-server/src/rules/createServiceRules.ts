import type {
  AcquireCallback,
  MerchantPaymentCallback,
  OperationHistory,
  OperationHistoryQuery,
} from '@ussdkit/protocol';
import type { AcquireOperation } from './acquire/AcquireOperation';
import { type AcquireRules, createAcquireRules } from './acquire/createAcquireRules';
import { memoryOperationRepository, type OperationRepository } from './acquire/OperationRepository';
import { type Catalogue, createCatalogue } from './catalogue/Catalogue';
import type { CatalogueData } from './catalogue/CatalogueData';
import {
  createHistoryLog,
  DEFAULT_HISTORY_ENTRIES,
  DEFAULT_HISTORY_SECONDS,
  type HistoryLog,
  type HistoryRetention,
  type PushRecord,
  type SessionRecord,
} from './history/HistoryLog';
import { historyOperation, selectHistory } from './history/historyEntries';
import { createMerchantPayments, type MerchantPayments } from './merchant/createMerchantPayments';
import { createOperationIds, type OperationIds } from './OperationIds';

/**
 * What the service's rules need from their host (the sandbox, the msw handlers): time, the
 * catalogue, balances, and where callbacks go.
 *
 * @example
 * ```ts
 * const ports: ServiceRulesPorts = { now: () => clock.now(), catalogue: demoCatalogue(), balanceOf, adjustBalance, sendCallback };
 * ```
 */
export interface ServiceRulesPorts {
  /** Milliseconds since the epoch, service time. */
  now(): number;
  readonly catalogue: CatalogueData;
  /** @defaultValue the latest 100,000 entries, each for 7 days */
  readonly historyRetention?: HistoryRetention | undefined;
  /** The developer's balance in Naira (0 for an unknown developer). */
  balanceOf(clientId: string): number;
  /** Adds `delta` (negative to debit) to the developer's balance. */
  adjustBalance(clientId: string, delta: number): void;
  /** Sends a callback body to the developer's callback URL. */
  sendCallback(
    clientId: string,
    operationId: string,
    body: AcquireCallback | MerchantPaymentCallback,
  ): void;
  /** See {@link AcquireRulesPorts.settleLater}. */
  settleLater?(operation: AcquireOperation, delayMs: number): void;
  /** @defaultValue `crypto.randomUUID()` */
  newTransactionId?(): string;
  /** Where acquires are kept, keyed by `operationKey`. @defaultValue a new `Map` */
  readonly operations?: Map<string, AcquireOperation>;
}

/**
 * The service's rules, assembled once per sandbox or set of msw handlers.
 *
 * @example
 * ```ts
 * const rules = createServiceRules(ports);
 * rules.acquires.acquireAsync('demo-client', request);
 * rules.operationHistory('demo-client', { type: 'acquire' });
 * ```
 */
export interface ServiceRules {
  readonly catalogue: Catalogue;
  /**
   * Each developer's one namespace of operationIds: acquires, merchant payments and (through the
   * gateway) the processes apps start in a session claim their ids here.
   */
  readonly operationIds: OperationIds;
  readonly operations: OperationRepository;
  readonly acquires: AcquireRules;
  readonly payments: MerchantPayments;
  /** Every developer's history, bounded by the retention. */
  readonly history: HistoryLog;
  /** Records an accepted push. */
  recordPush(push: Omit<PushRecord, 'type'>): void;
  /** Records a billed session (and ends the merchant payment it ran, if any). */
  recordSession(session: Omit<SessionRecord, 'type'>): void;
  /** `GET /operation/history` for one developer. */
  operationHistory(clientId: string, query: OperationHistoryQuery): OperationHistory;
}

/**
 * Assembles the catalogue, the acquire and merchant payment rules and the bounded history, wired
 * together: acquires and payments are recorded in the history, and an entry the retention drops
 * forgets the acquire or payment behind it (its status reads `NOT_FOUND`, its operationId may be
 * used again).
 *
 * @example
 * ```ts
 * const rules = createServiceRules({ now: () => Date.now(), catalogue: demoCatalogue(), balanceOf: () => 1e6, adjustBalance: () => {}, sendCallback: () => {} });
 * ```
 */
export function createServiceRules(ports: ServiceRulesPorts): ServiceRules {
  const catalogue = createCatalogue(ports.catalogue);
  const operationIds = createOperationIds();
  const operations = memoryOperationRepository(ports.operations, operationIds);
  const retention = ports.historyRetention ?? {
    entries: DEFAULT_HISTORY_ENTRIES,
    seconds: DEFAULT_HISTORY_SECONDS,
  };
  const seconds = (ms: number) => ms / 1000;
  const { newTransactionId, settleLater } = ports;
  const acquires = createAcquireRules({
    now: () => ports.now(),
    catalogue,
    operations,
    balanceOf: (clientId) => ports.balanceOf(clientId),
    adjustBalance: (clientId, delta) => ports.adjustBalance(clientId, delta),
    sendCallback: (clientId, operationId, body) => ports.sendCallback(clientId, operationId, body),
    ...(newTransactionId === undefined ? {} : { newTransactionId: () => newTransactionId() }),
    ...(settleLater === undefined
      ? {}
      : { settleLater: (operation, delayMs) => settleLater(operation, delayMs) }),
    recorded: (operation) =>
      history.add(
        {
          type: 'acquire',
          clientId: operation.clientId,
          at: seconds(operation.createdAt),
          operation,
        },
        ports.now(),
      ),
  });
  const payments = createMerchantPayments({
    now: () => ports.now(),
    operationIds,
    sendCallback: (clientId, operationId, body) => ports.sendCallback(clientId, operationId, body),
    recorded: (payment) =>
      history.add(
        {
          type: 'merchantPayment',
          clientId: payment.clientId,
          at: seconds(payment.createdAt),
          payment,
        },
        ports.now(),
      ),
  });
  const history = createHistoryLog(retention, (dropped) => {
    if (dropped.type === 'acquire') {
      operations.forget(dropped.clientId, dropped.operation.operationId);
    } else if (dropped.type === 'merchantPayment') {
      payments.forget(dropped.clientId, dropped.payment.operationId);
    }
  });

  return {
    catalogue,
    operationIds,
    operations,
    acquires,
    payments,
    history,
    recordPush: (push) => history.add({ type: 'push', ...push }, ports.now()),
    recordSession(session) {
      history.add({ type: 'session', ...session }, ports.now());
      payments.sessionEnded(session.sessionId);
    },
    operationHistory: (clientId, query) => ({
      operations: selectHistory(history.list(ports.now()), clientId, query).map(historyOperation),
    }),
  };
}
