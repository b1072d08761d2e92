import type {
  AcquireCallback,
  AcquireRequest,
  AcquireResult,
  AcquireStatus,
  AsyncAcquireResult,
  OperatorAcquireRequest,
} from '@ussdkit/protocol';
import type { Catalogue } from '../catalogue/Catalogue';
import { badRequest, RuleError } from '../requests/RuleError';
import type { AcquireOperation } from './AcquireOperation';
import { acquireCallback } from './acquireCallback';
import { decideAcquire } from './decideAcquire';
import type { OperationRepository } from './OperationRepository';
import { parseTrigger, rawErrorCodes, type Trigger, type TriggerErrorCode } from './trigger';

/** Service time after which an UNKNOWN acquire settles. */
export const SETTLE_AFTER_MS = 30_000;

/**
 * What the acquire rules work on: the host's clock, catalogue, store and balances, and where the
 * callbacks go. The sandbox gives its repositories and callback dispatcher; the msw handlers their
 * in-memory state.
 *
 * @example
 * ```ts
 * const ports: AcquireRulesPorts = { now: () => clock.now(), catalogue, operations, balanceOf, adjustBalance, sendCallback };
 * ```
 */
export interface AcquireRulesPorts {
  /** Milliseconds since the epoch, service time. */
  now(): number;
  readonly catalogue: Catalogue;
  readonly operations: OperationRepository;
  /** The developer's balance in Naira (0 for an unknown developer). */
  balanceOf(clientId: string): number;
  /** Adds `delta` (negative to debit) to the developer's balance. */
  adjustBalance(clientId: string, delta: number): void;
  /** Sends a callback body to the developer's callback URL. */
  sendCallback(clientId: string, operationId: string, body: AcquireCallback): void;
  /** A new transaction id. @defaultValue `crypto.randomUUID()` */
  newTransactionId?(): string;
  /**
   * Asks the host to call {@link AcquireRules.settleIfDue} for an UNKNOWN acquire after
   * `delayMs` of service time. Without it the host settles on its own (the status endpoint settles
   * what is due either way).
   */
  settleLater?(operation: AcquireOperation, delayMs: number): void;
  /** Hears every acquire stored (the history records it). */
  recorded?(operation: AcquireOperation): void;
}

/** Options of one acquire. */
export interface AcquireOptions {
  /** The outcome to follow. @defaultValue the trigger in the beneficiary id (`parseTrigger`) */
  readonly trigger?: Trigger;
  /** Skip the beneficiary check of the group. @defaultValue true for a trigger, else false */
  readonly trustBeneficiary?: boolean;
}

/**
 * The acquire rules of both flows: uniqueness, amounts, balance, triggers, settling and callbacks.
 *
 * @example
 * ```ts
 * const { answer } = rules.acquireSync('demo-client', request);
 * ```
 */
export interface AcquireRules {
  /**
   * `POST /v1/acquire/product`. `slow` asks the host to answer after its provider timeout (the
   * answer is then `UNKNOWN`/`TIMEOUT`).
   */
  acquireSync(
    clientId: string,
    request: AcquireRequest,
    options?: AcquireOptions,
  ): { answer: AcquireResult; slow: boolean };
  /** `POST /v1/acquire/product/async`. */
  acquireAsync(
    clientId: string,
    request: AcquireRequest,
    options?: AcquireOptions,
  ): AsyncAcquireResult;
  /** `GET /v1/acquire/status`. */
  status(clientId: string, operationId: string): AcquireStatus;
  /** `POST /v1/acquire` (legacy flow). @throws {@link RuleError} 400, 402 or 409. */
  operatorAcquire(clientId: string, request: OperatorAcquireRequest): AcquireOperation;
  /** `POST /v1/acquire/status` (legacy flow). */
  operatorStatus(
    clientId: string,
    operationId: string,
  ): 'success' | 'failure' | 'pending' | 'not_found';
  /** Moves an UNKNOWN acquire to its final state once its time has come (and calls back). */
  settleIfDue(operation: AcquireOperation): void;
}

const duplicate = (operationId: string) =>
  new RuleError(409, 'DUPLICATE_OPERATION', `operationId "${operationId}" was already used`);

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Creates the acquire rules over their ports. Everything from claiming the operationId to
 * storing the operation is synchronous, so concurrent duplicates cannot both pass.
 *
 * @example
 * ```ts
 * const rules = createAcquireRules({ now: () => clock.now(), catalogue, operations, balanceOf, adjustBalance, sendCallback });
 * rules.acquireAsync('demo-client', { operationId: 'op-1', sku: 'data-1gb', beneficiaryId: 'fail-INTERNAL', customerMsisdn: '08031234567' });
 * ```
 */
export function createAcquireRules(ports: AcquireRulesPorts): AcquireRules {
  const { catalogue, operations } = ports;
  const newTransactionId = ports.newTransactionId ?? (() => globalThis.crypto.randomUUID());

  /** Claims the amount from the balance; 402 (and the id given back) when too low. */
  function hold(clientId: string, operationId: string, amount: number): void {
    const balance = ports.balanceOf(clientId);
    if (balance < amount) {
      operations.release(clientId, operationId);
      throw new RuleError(
        402,
        'INSUFFICIENT_BALANCE',
        `balance ${balance} is below the amount ${amount}`,
      );
    }
    ports.adjustBalance(clientId, -amount);
  }

  /** An accepted acquire gets its ids at once, so every callback can carry them. */
  function accept(operation: AcquireOperation): void {
    operation.transactionId = newTransactionId();
    operation.reference = `REF-${operation.createdAt}-${operation.operationId.slice(0, 8)}`;
    operations.save(operation);
    ports.recorded?.(operation);
  }

  function succeed(operation: AcquireOperation): void {
    operation.status = 'SUCCESS';
    operation.updatedAt = ports.now();
    operation.settlement = undefined;
  }

  function fail(operation: AcquireOperation, error: TriggerErrorCode): void {
    operation.status = 'FAILURE';
    operation.error = error;
    operation.rawErrorCode = rawErrorCodes[error];
    operation.updatedAt = ports.now();
    operation.settlement = undefined;
    ports.adjustBalance(operation.clientId, round2(operation.amount));
  }

  function notify(operation: AcquireOperation): void {
    if (operation.mode !== 'async') return;
    ports.sendCallback(operation.clientId, operation.operationId, acquireCallback(operation));
  }

  function settleIfDue(operation: AcquireOperation): void {
    const settlement = operation.settlement;
    if (operation.status !== 'UNKNOWN' || !settlement || ports.now() < settlement.at) return;
    if (settlement.status === 'SUCCESS') succeed(operation);
    else fail(operation, 'INTERNAL');
    notify(operation);
  }

  function settleLater(operation: AcquireOperation, status: 'SUCCESS' | 'FAILURE'): void {
    operation.settlement = { at: ports.now() + SETTLE_AFTER_MS, status };
    ports.settleLater?.(operation, SETTLE_AFTER_MS);
  }

  /**
   * Claims the operationId, checks the request, stores the operation and applies its trigger.
   * `refused` operations failed before being accepted (no balance held, no callback).
   */
  function start(
    clientId: string,
    request: AcquireRequest,
    mode: 'sync' | 'async',
    options: AcquireOptions = {},
  ): { operation: AcquireOperation; refused: boolean; slow: boolean } {
    const { operationId } = request;
    if (!operations.reserve(clientId, operationId)) throw duplicate(operationId);
    const trigger = options.trigger ?? parseTrigger(request.beneficiaryId);
    const trust = options.trustBeneficiary ?? trigger.kind !== 'none';
    const decision = decideAcquire(catalogue, request, trust);
    const now = ports.now();
    const operation: AcquireOperation = {
      clientId,
      operationId,
      flow: 'product',
      mode,
      sku: request.sku,
      beneficiaryId: request.beneficiaryId,
      msisdn: request.customerMsisdn,
      amount: decision.amount,
      createdAt: now,
      updatedAt: now,
      status: 'UNKNOWN',
    };
    const refusal = !decision.ok
      ? decision.error
      : trigger.kind === 'reject'
        ? trigger.error
        : undefined;
    if (refusal !== undefined) {
      operation.status = 'FAILURE';
      operation.error = refusal;
      operations.save(operation);
      ports.recorded?.(operation);
      return { operation, refused: true, slow: false };
    }
    hold(clientId, operationId, decision.amount);
    accept(operation);
    switch (trigger.kind) {
      case 'fail':
        fail(operation, trigger.error);
        notify(operation);
        break;
      case 'unknown':
        settleLater(operation, trigger.final);
        notify(operation);
        break;
      case 'slow':
        settleLater(operation, 'SUCCESS');
        break;
      default:
        succeed(operation);
        notify(operation);
    }
    return { operation, refused: false, slow: trigger.kind === 'slow' };
  }

  return {
    acquireSync(clientId, request, options) {
      const { operation, slow } = start(clientId, request, 'sync', options);
      return slow
        ? { answer: { status: 'UNKNOWN', error: 'TIMEOUT' }, slow }
        : { answer: resultOf(operation), slow };
    },

    acquireAsync(clientId, request, options) {
      const { operation, refused } = start(clientId, request, 'async', options);
      return refused
        ? { status: 'FAILURE', error: operation.error ?? 'UNSPECIFIED' }
        : { status: 'INITIATED' };
    },

    status(clientId, operationId) {
      const operation = operations.get(clientId, operationId);
      if (!operation) return { status: 'NOT_FOUND' };
      settleIfDue(operation);
      return resultOf(operation);
    },

    operatorAcquire(clientId, request) {
      const { operationId } = request;
      if (!operations.reserve(clientId, operationId)) throw duplicate(operationId);
      const product = catalogue.findOperatorProduct(request.sku);
      const amount = product?.amount ?? request.amount;
      let problem: string | undefined;
      if (!product) problem = `sku: no operator product "${request.sku}"`;
      else if (product.amount === null && request.amount === null) {
        problem = `amount: required for "${product.sku}", which has no fixed price`;
      } else if (
        product.amount !== null &&
        request.amount !== null &&
        request.amount !== product.amount
      ) {
        problem = `amount: "${product.sku}" costs ${product.amount}; send null or that amount`;
      }
      if (problem !== undefined || amount === null || amount === undefined) {
        operations.release(clientId, operationId);
        throw badRequest(`Invalid operator acquire request: ${problem ?? 'amount: required'}`);
      }
      hold(clientId, operationId, amount);
      const now = ports.now();
      const operation: AcquireOperation = {
        clientId,
        operationId,
        flow: 'operator',
        mode: 'async',
        sku: request.sku,
        beneficiaryId: request.acquirerMsisdn,
        msisdn: request.acquirerMsisdn,
        amount,
        createdAt: now,
        updatedAt: now,
        status: 'UNKNOWN',
      };
      accept(operation);
      succeed(operation);
      notify(operation);
      return operation;
    },

    operatorStatus(clientId, operationId) {
      const operation = operations.get(clientId, operationId);
      if (!operation) return 'not_found';
      settleIfDue(operation);
      if (operation.status === 'SUCCESS') return 'success';
      return operation.status === 'FAILURE' ? 'failure' : 'pending';
    },

    settleIfDue,
  };
}

/**
 * The answer a stored acquire gives (the sync acquire and the status endpoint alike).
 *
 * @example
 * ```ts
 * acquireResultOf(operation); // { status: 'SUCCESS', transactionId, reference }
 * ```
 */
export function acquireResultOf(operation: AcquireOperation): AcquireResult {
  switch (operation.status) {
    case 'SUCCESS':
      return {
        status: 'SUCCESS',
        transactionId: operation.transactionId ?? '',
        reference: operation.reference ?? '',
      };
    case 'FAILURE':
      return {
        status: 'FAILURE',
        error: operation.error ?? 'UNSPECIFIED',
        ...(operation.rawErrorCode === undefined ? {} : { rawErrorCode: operation.rawErrorCode }),
      };
    default:
      return { status: 'UNKNOWN' };
  }
}

const resultOf = acquireResultOf;
