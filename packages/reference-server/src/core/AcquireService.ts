import { randomUUID } from 'node:crypto';
import type {
  AcquireRequest,
  AcquireResult,
  AcquireStatus,
  AsyncAcquireResult,
  OperatorAcquireRequest,
} from '@ussdkit/protocol';
import { acquireCallbackBody } from '@ussdkit/protocol';
import type { CallbackDispatcher } from './CallbackDispatcher';
import type { Catalogue } from './Catalogue';
import type { Clock } from './Clock';
import type { DeveloperRepository } from './DeveloperRepository';
import { decideAcquire } from './decideAcquire';
import type { Operation } from './Operation';
import type { OperationRepository } from './OperationRepository';
import { badRequest, ServiceError } from './ServiceError';
import { parseTrigger, rawErrorCodes, type TriggerErrorCode } from './trigger';

/** Options of {@link createAcquireService}. */
export interface AcquireServiceOptions {
  readonly clock: Clock;
  readonly developers: DeveloperRepository;
  readonly operations: OperationRepository;
  readonly catalogue: Catalogue;
  readonly callbacks: CallbackDispatcher;
  /** Real time a `slow` sync acquire waits before answering UNKNOWN/TIMEOUT. @defaultValue 200 */
  readonly providerTimeoutMs?: number;
}

/** Sandbox time after which an UNKNOWN acquire settles. */
export const SETTLE_AFTER_MS = 30_000;

/** The acquire operations of both flows, with balance, uniqueness, triggers and callbacks. */
export interface AcquireService {
  /** `POST /v1/acquire/product`. */
  acquireSync(clientId: string, request: AcquireRequest): Promise<AcquireResult>;
  /** `POST /v1/acquire/product/async`. */
  acquireAsync(clientId: string, request: AcquireRequest): Promise<AsyncAcquireResult>;
  status(clientId: string, operationId: string): AcquireStatus;
  operatorAcquire(clientId: string, request: OperatorAcquireRequest): void;
  operatorStatus(
    clientId: string,
    operationId: string,
  ): 'success' | 'failure' | 'pending' | 'not_found';
}

const duplicate = (operationId: string) =>
  new ServiceError(409, 'DUPLICATE_OPERATION', `operationId "${operationId}" was already used`);

/**
 * Creates the acquire service. Everything from claiming the operationId to storing the
 * operation runs without an `await`, so concurrent duplicates cannot both pass.
 *
 * @example
 * ```ts
 * const result = await acquires.acquire('demo-client', request, 'sync');
 * ```
 */
export function createAcquireService(options: AcquireServiceOptions): AcquireService {
  const { clock, developers, operations, catalogue, callbacks } = options;
  const providerTimeoutMs = options.providerTimeoutMs ?? 200;

  function adjustBalance(clientId: string, delta: number): void {
    const developer = developers.get(clientId);
    if (developer) developers.put({ ...developer, balance: round2(developer.balance + delta) });
  }

  /** Claims the amount from the balance; 402 (and the id given back) when too low. */
  function hold(clientId: string, operationId: string, amount: number): void {
    const balance = developers.get(clientId)?.balance ?? 0;
    if (balance < amount) {
      operations.release(clientId, operationId);
      throw new ServiceError(
        402,
        'INSUFFICIENT_BALANCE',
        `balance ${balance} is below the amount ${amount}`,
      );
    }
    adjustBalance(clientId, -amount);
  }

  function succeed(operation: Operation): void {
    operation.status = 'SUCCESS';
    operation.transactionId = randomUUID();
    operation.reference = `REF-${operation.createdAt}-${operation.operationId.slice(0, 8)}`;
    operation.updatedAt = clock.now();
    operation.settlement = undefined;
  }

  function fail(operation: Operation, error: TriggerErrorCode): void {
    operation.status = 'FAILURE';
    operation.error = error;
    operation.rawErrorCode = rawErrorCodes[error];
    operation.updatedAt = clock.now();
    operation.settlement = undefined;
    adjustBalance(operation.clientId, operation.amount);
  }

  function notify(operation: Operation): void {
    if (operation.mode === 'async') {
      callbacks.send(operation.clientId, operation.operationId, acquireCallbackBody(operation));
    }
  }

  /** Moves an UNKNOWN operation to its final state once its time has come. */
  function settleIfDue(operation: Operation): void {
    const settlement = operation.settlement;
    if (operation.status !== 'UNKNOWN' || !settlement || clock.now() < settlement.at) return;
    if (settlement.status === 'SUCCESS') succeed(operation);
    else fail(operation, 'INTERNAL');
    notify(operation);
  }

  function settleLater(operation: Operation, status: 'SUCCESS' | 'FAILURE'): void {
    operation.settlement = { at: clock.now() + SETTLE_AFTER_MS, status };
    clock.schedule(SETTLE_AFTER_MS, () => settleIfDue(operation));
  }

  /**
   * Claims the operationId, checks the request, stores the operation and applies its trigger;
   * synchronous from claim to store. `refused` operations failed before being accepted.
   */
  function start(
    clientId: string,
    request: AcquireRequest,
    mode: 'sync' | 'async',
  ): { operation: Operation; refused: boolean; slow: boolean } {
    const { operationId } = request;
    if (!operations.reserve(clientId, operationId)) throw duplicate(operationId);
    const trigger = parseTrigger(request.beneficiaryId);
    const decision = decideAcquire(catalogue, request, trigger.kind !== 'none');
    const now = clock.now();
    const operation: Operation = {
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
      return { operation, refused: true, slow: false };
    }
    hold(clientId, operationId, decision.amount);
    operations.save(operation);
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
    async acquireSync(clientId, request) {
      const { operation, slow } = start(clientId, request, 'sync');
      if (!slow) return resultOf(operation);
      await new Promise((resolve) => setTimeout(resolve, providerTimeoutMs));
      return { status: 'UNKNOWN', error: 'TIMEOUT' };
    },

    async acquireAsync(clientId, request) {
      const { operation, refused } = start(clientId, request, 'async');
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
      const now = clock.now();
      const operation: Operation = {
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
      operations.save(operation);
      succeed(operation);
      notify(operation);
    },

    operatorStatus(clientId, operationId) {
      const operation = operations.get(clientId, operationId);
      if (!operation) return 'not_found';
      settleIfDue(operation);
      if (operation.status === 'SUCCESS') return 'success';
      return operation.status === 'FAILURE' ? 'failure' : 'pending';
    },
  };
}

/** The answer a stored operation gives (sync acquire and status endpoint alike). */
function resultOf(operation: Operation): AcquireResult {
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

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
