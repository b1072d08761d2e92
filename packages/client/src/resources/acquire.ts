import {
  type AcquireResult,
  type AcquireStatus,
  type AmountResponse,
  type AsyncAcquireResult,
  type BeneficiaryProductsResponse,
  serviceEndpoints as endpoints,
  type ProductGroupList,
} from '@ussdkit/protocol';
import type { RequestOptions } from '../ClientOptions';
import { getEndpoint } from '../internal/getEndpoint';
import { postOperation } from '../internal/postOperation';
import { Resource } from '../internal/Resource';
import { checkAmount, checkMsisdn, requireText } from '../internal/validate';

/**
 * What {@link AcquireResource.productAsync} resolves: the service's answer to the async acquire
 * (`INITIATED`, a callback follows; `FAILURE`, none will), or, when a retry met the 409 of a first
 * attempt that did arrive, that acquire's real status as the status endpoint reads it:
 * `SUCCESS` with its ids, `UNKNOWN`, or `FAILURE`.
 *
 * @example
 * ```ts
 * const answer: AsyncAcquireAnswer = await client.acquire.productAsync(params);
 * if (answer.status === 'SUCCESS') console.log(answer.transactionId); // a retry found it done
 * ```
 */
export type AsyncAcquireAnswer =
  | AsyncAcquireResult
  | Exclude<AcquireStatus, { status: 'NOT_FOUND' | 'INITIATED' }>;

/**
 * Arguments of an acquire (product flow). `amount` is left out for `FIXED` products.
 *
 * @example
 * ```ts
 * const params: AcquireParams = { operationId: crypto.randomUUID(), sku: 'data-1gb', beneficiaryId: '08031234567', customerMsisdn: '08031234567' };
 * ```
 */
export interface AcquireParams {
  /** Client-generated unique id; also the idempotency key of retries. */
  readonly operationId: string;
  readonly sku: string;
  readonly beneficiaryId: string;
  /** Any of the five accepted forms; sent as `+234…`. */
  readonly customerMsisdn: string;
  /** Naira, at most two decimals. */
  readonly amount?: number | undefined;
}

function acquireBody(params: AcquireParams) {
  return {
    operationId: requireText('operationId', params.operationId),
    sku: requireText('sku', params.sku),
    beneficiaryId: requireText('beneficiaryId', params.beneficiaryId),
    customerMsisdn: checkMsisdn('customerMsisdn', params.customerMsisdn),
    ...(params.amount === undefined ? {} : { amount: checkAmount('amount', params.amount) }),
  };
}

/**
 * The acquire endpoints: product groups, products per beneficiary, amount, acquire sync and
 * async, status. Reached as `client.acquire`.
 *
 * @example
 * ```ts
 * const groups = await client.acquire.productGroups();
 * ```
 */
export class AcquireResource extends Resource {
  /** `GET /v1/acquire/productGroups`: every group, static ones with their products. */
  async productGroups(options?: RequestOptions): Promise<ProductGroupList> {
    return getEndpoint(this.ctx, endpoints.productGroups, { options });
  }

  /** `GET /v1/acquire/productGroups/{groupId}?beneficiaryId=`: products for one beneficiary. */
  async groupProducts(
    groupId: string,
    beneficiaryId: string,
    options?: RequestOptions,
  ): Promise<BeneficiaryProductsResponse> {
    return getEndpoint(this.ctx, endpoints.groupProducts, {
      params: { groupId: requireText('groupId', groupId) },
      query: { beneficiaryId: requireText('beneficiaryId', beneficiaryId) },
      options,
    });
  }

  /** `GET /v1/acquire/amount?sku=&beneficiaryId=`: the amount of a BASED_ON_BENEFICIARY_ID product. */
  async amount(
    params: { readonly sku: string; readonly beneficiaryId: string },
    options?: RequestOptions,
  ): Promise<AmountResponse> {
    const query = {
      sku: requireText('sku', params.sku),
      beneficiaryId: requireText('beneficiaryId', params.beneficiaryId),
    };
    return getEndpoint(this.ctx, endpoints.amount, { query, options });
  }

  /**
   * `POST /v1/acquire/product`: a synchronous acquire. Business failures come back as
   * `{status: 'FAILURE'}` values. Retries resend the same operationId; a 409 on a retry is
   * resolved through {@link AcquireResource.status}.
   */
  async product(params: AcquireParams, options?: RequestOptions): Promise<AcquireResult> {
    const body = acquireBody(params);
    return postOperation(this.ctx, endpoints.acquireProduct, body, {
      options,
      resolveDuplicate: () => this.#arrived(body.operationId, options),
    });
  }

  /**
   * `POST /v1/acquire/product/async`: answers `INITIATED` (a callback follows) or `FAILURE`.
   * A 409 on a retry (the first attempt arrived, its answer was lost) resolves to that acquire's
   * real status from the status endpoint: `SUCCESS`, `FAILURE` or `UNKNOWN` (`UNKNOWN` too when
   * the status endpoint does not know the id), never an `INITIATED` it cannot vouch for.
   */
  async productAsync(params: AcquireParams, options?: RequestOptions): Promise<AsyncAcquireAnswer> {
    const body = acquireBody(params);
    return postOperation<AsyncAcquireAnswer>(this.ctx, endpoints.acquireProductAsync, body, {
      options,
      resolveDuplicate: () => this.#arrived(body.operationId, options),
    });
  }

  /** `GET /v1/acquire/status?operationId=`: `NOT_FOUND` for an operationId never seen. */
  async status(operationId: string, options?: RequestOptions): Promise<AcquireStatus> {
    const query = { operationId: requireText('operationId', operationId) };
    return getEndpoint(this.ctx, endpoints.acquireStatus, { query, operationId, options });
  }

  /**
   * The status of an acquire whose retry met the 409 of a first attempt that arrived: `UNKNOWN`
   * when the status endpoint does not know it (yet).
   */
  async #arrived(
    operationId: string,
    options: RequestOptions | undefined,
  ): Promise<Exclude<AcquireStatus, { status: 'NOT_FOUND' }>> {
    const status = await this.status(operationId, options);
    return status.status === 'NOT_FOUND' ? { status: 'UNKNOWN' } : status;
  }
}
