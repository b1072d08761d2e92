import type { AcquireResult, Product } from '@ussdkit/protocol';
import type { RequestOptions } from './ClientOptions';
import { AcquireFailedError, RequestValidationError } from './errors';
import { findProduct } from './internal/findProduct';
import { checkAmount } from './internal/validate';
import type { UssdkitClient } from './UssdkitClient';

/** `sync` answers with the result; `async` answers `INITIATED` and the result comes by callback. */
export type BuyMode = 'sync' | 'async';

/**
 * What {@link buy} needs: the product (or its sku), the beneficiary, the customer.
 *
 * @example
 * ```ts
 * const params: BuyParams = { sku: 'airtime', beneficiaryId: '08031234567', customerMsisdn: '08031234567', amount: 500 };
 * ```
 */
export interface BuyParams<M extends BuyMode = BuyMode> {
  /** The product's sku; looked up in the product groups when `product` is not given. */
  readonly sku?: string;
  /** The product as listed (saves the look-up). */
  readonly product?: Product;
  /** The group to look in; needed only for products of beneficiary-specific groups, to save a search. */
  readonly groupId?: string;
  readonly beneficiaryId: string;
  readonly customerMsisdn: string;
  /** Required for PROVIDED_BY_USER; checked for FIXED and EXACT amounts; filled when left out. */
  readonly amount?: number;
  /**
   * The idempotency key.
   * @defaultValue a new id from the client's `generateOperationId`
   */
  readonly operationId?: string;
  /**
   * Sync or async acquire.
   * @defaultValue 'sync'
   */
  readonly mode?: M;
}

/** A sync buy's answer: `SUCCESS`, or `UNKNOWN` (follow with `waitForResult`). */
export type BuySyncResult = Extract<AcquireResult, { status: 'SUCCESS' | 'UNKNOWN' }> & {
  readonly operationId: string;
  readonly amount: number | undefined;
};

/**
 * An async buy's answer: `INITIATED`, accepted, the result comes by callback. When a retry met
 * the 409 of a first attempt that did arrive (its answer lost on the way), that acquire's real
 * status instead: `SUCCESS` with its ids, or `UNKNOWN` (follow with `waitForResult`), as a sync
 * buy answers them.
 */
export type BuyAsyncResult =
  | {
      readonly status: 'INITIATED';
      readonly operationId: string;
      readonly amount: number | undefined;
    }
  | BuySyncResult;

/** The answer of {@link buy} for a mode. */
export type BuyResult<M extends BuyMode> = M extends 'async' ? BuyAsyncResult : BuySyncResult;

/**
 * Buys a product in one call: finds the product, reads its `amountSource` and checks or fills the
 * amount (asking the amount endpoint for BASED_ON_BENEFICIARY_ID), generates the operationId and
 * acquires sync or async. A `FAILURE` answer throws {@link AcquireFailedError}.
 *
 * @example
 * ```ts
 * const result = await buy(client, { sku: 'data-1gb', beneficiaryId: '08031234567', customerMsisdn: '08031234567' });
 * if (result.status === 'UNKNOWN') await client.waitForResult(result.operationId);
 * ```
 */
export async function buy<M extends BuyMode = 'sync'>(
  client: UssdkitClient,
  params: BuyParams<M>,
  options?: RequestOptions,
): Promise<BuyResult<M>> {
  const product = params.product ?? (await findProduct(client, params, options));
  const amount = await resolveAmount(client, product, params, options);
  const operationId = params.operationId ?? client.generateOperationId();
  const request = {
    operationId,
    sku: product.sku,
    beneficiaryId: params.beneficiaryId,
    customerMsisdn: params.customerMsisdn,
    amount: product.amountSource === 'FIXED' ? undefined : amount,
  };
  if (params.mode === 'async') {
    const answer = await client.acquire.productAsync(request, options);
    if (answer.status === 'FAILURE') throw failed(answer, operationId);
    const result: BuyAsyncResult =
      answer.status === 'INITIATED'
        ? { status: 'INITIATED', operationId, amount }
        : { ...answer, operationId, amount };
    return result as BuyResult<M>; // M is 'async' on this branch
  }
  const answer = await client.acquire.product(request, options);
  if (answer.status === 'FAILURE') throw failed(answer, operationId);
  const result: BuySyncResult = { ...answer, operationId, amount };
  return result as BuyResult<M>; // M is 'sync' (or the default) on this branch
}

function failed(
  answer: { error: AcquireFailedError['code']; rawErrorCode?: string | undefined },
  operationId: string,
): AcquireFailedError {
  return new AcquireFailedError({
    code: answer.error,
    rawErrorCode: answer.rawErrorCode,
    operationId,
    body: answer,
  });
}

async function resolveAmount(
  client: UssdkitClient,
  product: Product,
  params: BuyParams,
  options: RequestOptions | undefined,
): Promise<number | undefined> {
  const given = params.amount === undefined ? undefined : checkAmount('amount', params.amount);
  switch (product.amountSource) {
    case 'FIXED':
      if (given !== undefined && product.amount !== undefined && given !== product.amount) {
        throw new RequestValidationError(
          'amount',
          `${product.sku} costs ${product.amount}, not ${given}`,
        );
      }
      return product.amount ?? given;
    case 'PROVIDED_BY_USER':
      if (given === undefined) {
        throw new RequestValidationError(
          'amount',
          `${product.sku} needs an amount (PROVIDED_BY_USER)`,
        );
      }
      return given;
    case 'BASED_ON_BENEFICIARY_ID': {
      const sku = product.sku;
      const answer = await client.acquire.amount(
        { sku, beneficiaryId: params.beneficiaryId },
        options,
      );
      if (answer.status === 'FAILURE') {
        throw new AcquireFailedError({
          code: answer.error,
          operationId: params.operationId,
          body: answer,
        });
      }
      const { value, restrictions } = answer.amount;
      if (restrictions === 'EXACT' && given !== undefined && given !== value) {
        throw new RequestValidationError(
          'amount',
          `${sku} must be exactly ${value} for this beneficiary`,
        );
      }
      return given ?? value;
    }
  }
}
