import { type BuyMode, type BuyParams, type BuyResult, buy } from './buy';
import type { ClientOptions, RequestOptions } from './ClientOptions';
import { checkOptions } from './internal/checkOptions';
import type { ResourceContext } from './internal/ResourceContext';
import { Transport } from './internal/Transport';
import { AcquireResource } from './resources/acquire';
import { ClientInfoResource } from './resources/clientInfo';
import { MerchantResource } from './resources/merchant';
import { OperationsResource } from './resources/operations';
import { OperatorProductsResource } from './resources/operatorProducts';
import { UssdResource } from './resources/ussd';
import { type FinalAcquireStatus, type WaitForResultOptions, waitForResult } from './waitForResult';

/**
 * The typed client of the service. Resources follow the service's grouping: `acquire`,
 * `operatorProducts`, `ussd`, `clientInfo`, and the operations the spec references: `merchant`,
 * `operations`. Requests go through `globalThis.fetch` unless a `fetch` is given, so msw
 * intercepts them in tests with no set-up; in production choose `transport: 'undici'` (undici's
 * `request()` over a pool the client owns, released by {@link UssdkitClient.close}).
 *
 * @throws {@link ClientConfigurationError} for wrong options (bad `baseUrl`, `fetch` with the
 * undici transport).
 *
 * @example
 * ```ts
 * const client = new UssdkitClient({ baseUrl: 'http://127.0.0.1:4000', clientId: 'demo-client', clientSecret: 'demo-secret' });
 * const groups = await client.acquire.productGroups();
 * const bought = await client.buy({ sku: 'data-1gb', beneficiaryId: '08031234567', customerMsisdn: '08031234567' });
 * ```
 */
export class UssdkitClient {
  /** Product groups, products, amount, acquire sync/async, status. */
  readonly acquire: AcquireResource;
  /** The legacy operator-products flow. */
  readonly operatorProducts: OperatorProductsResource;
  /** USSD push and app profile. */
  readonly ussd: UssdResource;
  /** The developer's profile. */
  readonly clientInfo: ClientInfoResource;
  /** Merchant payments (`POST /merchant/payment`) and the customer's banks and accounts. */
  readonly merchant: MerchantResource;
  /** The operation history (`GET /operation/history`), to check billing. */
  readonly operations: OperationsResource;
  /** Makes a new operationId (the client option, or `crypto.randomUUID`). */
  readonly generateOperationId: () => string;
  readonly #transport: Transport;

  constructor(options: ClientOptions) {
    checkOptions(options);
    this.#transport = new Transport(options);
    this.generateOperationId = options.generateOperationId ?? (() => crypto.randomUUID());
    const ctx: ResourceContext = { transport: this.#transport };
    this.acquire = new AcquireResource(ctx);
    this.operatorProducts = new OperatorProductsResource(ctx);
    this.ussd = new UssdResource(ctx);
    this.clientInfo = new ClientInfoResource(ctx);
    this.operations = new OperationsResource(ctx);
    this.merchant = new MerchantResource(ctx, this.operations);
  }

  /** See {@link buy}. */
  buy<M extends BuyMode = 'sync'>(
    params: BuyParams<M>,
    options?: RequestOptions,
  ): Promise<BuyResult<M>> {
    return buy(this, params, options);
  }

  /** See {@link waitForResult}. */
  waitForResult(operationId: string, options?: WaitForResultOptions): Promise<FinalAcquireStatus> {
    return waitForResult(this, operationId, options);
  }

  /**
   * Closes pooled connections: the undici transport's pool, or the `connection` agent of the
   * fetch transport (nothing to close otherwise). A later call opens new connections.
   */
  close(): Promise<void> {
    return this.#transport.close();
  }
}
