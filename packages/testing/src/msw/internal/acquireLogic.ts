import type { AcquireRequest } from '@ussdkit/protocol';
import { type AcquireOutcome, parseOutcome } from '../AcquireOutcome';
import type { MockDeveloper, MockOperation } from '../MockRecords';
import { type MockService, SETTLE_AFTER_MS } from '../MockService';
import { findProduct, validBeneficiary } from './catalogue';
import { MockHttpError } from './http';
import { operationKey, round2 } from './records';

/** `rawErrorCode` answered with each triggered failure (the reference server's codes). */
export const rawErrorCodes: Readonly<Record<string, string>> = {
  INTERNAL: '10',
  INVALID_AMOUNT: '21',
  UNKNOWN_SKU: '22',
  INVALID_BENEFICIARY_ID: '23',
  UNSPECIFIED: '99',
};

/** 409 unless the operationId is new for this developer. */
export function reserve(service: MockService, clientId: string, operationId: string): void {
  if (service.operations.has(operationKey(clientId, operationId))) {
    throw new MockHttpError(
      409,
      'DUPLICATE_OPERATION',
      `operationId "${operationId}" was already used`,
    );
  }
}

/** Debits the amount; 402 when the balance is below it. */
export function hold(developer: MockDeveloper, amount: number): void {
  if (developer.balance < amount) {
    throw new MockHttpError(
      402,
      'INSUFFICIENT_BALANCE',
      `balance ${developer.balance} is below the amount ${amount}`,
    );
  }
  developer.balance = round2(developer.balance - amount);
}

/** The amount the request may be acquired for, or undefined when its amount is wrong. */
function decideAmount(
  service: MockService,
  request: AcquireRequest,
): number | 'UNKNOWN_SKU' | undefined {
  const found = findProduct(service.catalogue, request.sku);
  if (found === undefined) return 'UNKNOWN_SKU';
  const { product } = found;
  const given = request.amount;
  switch (product.amountSource) {
    case 'FIXED':
      return given === undefined || given === product.amount ? product.amount : undefined;
    case 'PROVIDED_BY_USER':
      return given;
    case 'BASED_ON_BENEFICIARY_ID': {
      const exact =
        product.amountLookup?.restrictions === 'EXACT' ? product.amountLookup.value : undefined;
      return given !== undefined && (exact === undefined || given === exact) ? given : undefined;
    }
  }
}

type AcquireAnswer =
  | { status: 'SUCCESS'; transactionId: string; reference: string }
  | { status: 'FAILURE'; error: string; rawErrorCode?: string }
  | { status: 'UNKNOWN'; error?: string }
  | { status: 'INITIATED' };

/** Runs a product-flow acquire the way the reference server does. */
export function acquire(
  service: MockService,
  developer: MockDeveloper,
  request: AcquireRequest,
  mode: 'sync' | 'async',
): AcquireAnswer {
  const { clientId } = developer;
  const { operationId } = request;
  reserve(service, clientId, operationId);
  const outcome: AcquireOutcome | undefined =
    service.outcomeFor(operationId, request.beneficiaryId) ?? parseOutcome(request.beneficiaryId);
  const amount = decideAmount(service, request);
  const found = findProduct(service.catalogue, request.sku);
  let refusal: string | undefined;
  if (amount === 'UNKNOWN_SKU' || found === undefined) refusal = 'UNKNOWN_SKU';
  else if (amount === undefined) refusal = 'INVALID_AMOUNT';
  else if (outcome === undefined && !validBeneficiary(found.group, request.beneficiaryId)) {
    refusal = 'INVALID_BENEFICIARY_ID';
  } else if (outcome?.startsWith('reject-')) refusal = outcome.slice('reject-'.length);
  const operation: MockOperation = {
    clientId,
    operationId,
    flow: 'product',
    mode,
    sku: request.sku,
    beneficiaryId: request.beneficiaryId,
    amount: typeof amount === 'number' ? amount : 0,
    status: 'UNKNOWN',
  };
  const key = operationKey(clientId, operationId);
  if (refusal !== undefined) {
    service.operations.set(key, { ...operation, status: 'FAILURE', error: refusal });
    return { status: 'FAILURE', error: refusal };
  }
  hold(developer, operation.amount);
  service.operations.set(key, operation);
  if (outcome?.startsWith('fail-')) {
    const error = outcome.slice('fail-'.length);
    const rawErrorCode = rawErrorCodes[error] ?? '99';
    service.fail(operation, error, rawErrorCode);
    service.notify(operation);
    return mode === 'async' ? { status: 'INITIATED' } : { status: 'FAILURE', error, rawErrorCode };
  }
  if (outcome === 'unknown-success' || outcome === 'unknown-failure' || outcome === 'slow') {
    const final = outcome === 'unknown-failure' ? 'FAILURE' : 'SUCCESS';
    operation.settlement = { at: service.now() + SETTLE_AFTER_MS, status: final };
    if (mode === 'async') {
      if (outcome !== 'slow') service.notify(operation);
      return { status: 'INITIATED' };
    }
    return outcome === 'slow' ? { status: 'UNKNOWN', error: 'TIMEOUT' } : { status: 'UNKNOWN' };
  }
  service.succeed(operation);
  service.notify(operation);
  if (mode === 'async') return { status: 'INITIATED' };
  return {
    status: 'SUCCESS',
    transactionId: operation.transactionId ?? '',
    reference: operation.reference ?? '',
  };
}

/** `GET /v1/acquire/status`. */
export function acquireStatus(service: MockService, clientId: string, operationId: string) {
  const operation = service.operation(clientId, operationId);
  if (operation === undefined) return { status: 'NOT_FOUND' };
  service.settleIfDue(operation);
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
