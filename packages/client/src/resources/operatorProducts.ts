import {
  serviceEndpoints as endpoints,
  type OperatorAcquireStatus,
  type OperatorProduct,
} from '@ussdkit/protocol';
import type { RequestOptions } from '../ClientOptions';
import { getEndpoint } from '../internal/getEndpoint';
import { postOperation } from '../internal/postOperation';
import { Resource } from '../internal/Resource';
import { checkAmount, checkMsisdn, requireText } from '../internal/validate';

/**
 * Arguments of a legacy operator-products acquire.
 *
 * @example
 * ```ts
 * const params: OperatorAcquireParams = { operationId: crypto.randomUUID(), sku: 'mtn-100', acquirerMsisdn: '08031234567' };
 * ```
 */
export interface OperatorAcquireParams {
  readonly operationId: string;
  readonly sku: string;
  /** Any of the five accepted forms; sent as `+234…`. */
  readonly acquirerMsisdn: string;
  /**
   * Required when the product's amount is `null`; sent as `null` otherwise.
   * @defaultValue null
   */
  readonly amount?: number | null | undefined;
}

/** The answer to an accepted operator acquire (HTTP 202); the result arrives by callback. */
export interface OperatorAcquireAccepted {
  readonly status: 'ACCEPTED';
  readonly operationId: string;
}

/**
 * The legacy operator-products flow: list, acquire (202, result by callback), status (a bare
 * string). Reached as `client.operatorProducts`.
 *
 * @example
 * ```ts
 * const products = await client.operatorProducts.list();
 * ```
 */
export class OperatorProductsResource extends Resource {
  /** `GET /v1/acquire/products`. */
  async list(options?: RequestOptions): Promise<OperatorProduct[]> {
    return getEndpoint(this.ctx, endpoints.operatorProducts, { options });
  }

  /**
   * `POST /v1/acquire`: accepted with 202. Retries resend the same operationId; a 409 on a retry
   * means the first attempt was accepted.
   */
  async acquire(
    params: OperatorAcquireParams,
    options?: RequestOptions,
  ): Promise<OperatorAcquireAccepted> {
    const operationId = requireText('operationId', params.operationId);
    const body = {
      operationId,
      sku: requireText('sku', params.sku),
      acquirerMsisdn: checkMsisdn('acquirerMsisdn', params.acquirerMsisdn),
      amount: params.amount == null ? null : checkAmount('amount', params.amount),
    };
    await postOperation<undefined>(this.ctx, endpoints.operatorAcquire, body, {
      options,
      resolveDuplicate: async () => undefined,
    });
    return { status: 'ACCEPTED', operationId };
  }

  /** `POST /v1/acquire/status`: a bare string such as `success`. */
  async status(operationId: string, options?: RequestOptions): Promise<OperatorAcquireStatus> {
    const body = { operationId: requireText('operationId', operationId) };
    return postOperation(this.ctx, endpoints.operatorAcquireStatus, body, { options });
  }
}
