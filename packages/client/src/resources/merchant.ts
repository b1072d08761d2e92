import {
  type CustomerAccounts,
  referencedServiceEndpoints as endpoints,
  type MerchantPaymentExecutionMode,
  type MerchantPaymentResponse,
} from '@ussdkit/protocol';
import type { RequestOptions } from '../ClientOptions';
import { RequestValidationError } from '../errors';
import { getEndpoint } from '../internal/getEndpoint';
import { postOperation } from '../internal/postOperation';
import { Resource } from '../internal/Resource';
import type { ResourceContext } from '../internal/ResourceContext';
import { checkAmount, checkMsisdn, requireText } from '../internal/validate';
import type { OperationsResource } from './operations';

/**
 * Arguments of `POST /merchant/payment`. Without `bankCode` the customer picks bank and account
 * in the USSD session the service pushes; with it, only the account.
 *
 * @example
 * ```ts
 * const params: MerchantPaymentParams = { operationId: crypto.randomUUID(), customerMsisdn: '08031234567', merchantCode: '12345', amount: 1500 };
 * ```
 */
export interface MerchantPaymentParams {
  /** Client-generated unique id; also the idempotency key of retries. */
  readonly operationId: string;
  /** Any of the five accepted forms; sent as `+234…`. */
  readonly customerMsisdn: string;
  readonly customerEmail?: string | undefined;
  /** The merchant's code with the interbank payment scheme. */
  readonly merchantCode: string;
  /** Naira, at most two decimals. */
  readonly amount: number;
  /** The customer's bank (see {@link MerchantResource.accounts}); the customer then picks the account. */
  readonly bankCode?: string | undefined;
  /**
   * Whether the service waits for the bank's answer.
   * @defaultValue the service's: `{ mode: 'WithBankResponseTimeout', millis: 30000 }`
   */
  readonly executionMode?: MerchantPaymentExecutionMode | undefined;
}

function paymentBody(params: MerchantPaymentParams) {
  const { customerEmail, bankCode, executionMode } = params;
  if (
    executionMode !== undefined &&
    executionMode.mode !== 'WithoutWaitingForBank' &&
    executionMode.mode !== 'WithBankResponseTimeout'
  ) {
    throw new RequestValidationError(
      'executionMode',
      'mode must be WithoutWaitingForBank or WithBankResponseTimeout',
    );
  }
  return {
    operationId: requireText('operationId', params.operationId),
    customerMsisdn: checkMsisdn('customerMsisdn', params.customerMsisdn),
    ...(customerEmail === undefined
      ? {}
      : { customerEmail: requireText('customerEmail', customerEmail) }),
    merchantCode: requireText('merchantCode', params.merchantCode),
    amount: checkAmount('amount', params.amount),
    ...(bankCode === undefined ? {} : { bankCode: requireText('bankCode', bankCode) }),
    ...(executionMode === undefined ? {} : { executionMode }),
  };
}

/**
 * Merchant payments started by the developer, and the customer's banks and accounts. Reached as
 * `client.merchant`.
 *
 * @example
 * ```ts
 * const { recoveryShortcode } = await client.merchant.payment({ operationId: crypto.randomUUID(), customerMsisdn: '08031234567', merchantCode: '12345', amount: 1500 });
 * ```
 */
export class MerchantResource extends Resource {
  readonly #operations: OperationsResource;

  constructor(ctx: ResourceContext, operations: OperationsResource) {
    super(ctx);
    this.#operations = operations;
  }

  /**
   * `POST /merchant/payment` (HTTP 202): the service pushes a USSD session to the customer, who
   * pays in it; the outcome comes by the merchant payment callback. Answers the session's
   * recovery short code (`null` without the RECOVERY permission). A reused operationId is a
   * `DuplicateOperationError` (status 400, code `ALREADY_INITIATED`: the service answers it as
   * plain text). Retries resend the same operationId; an `ALREADY_INITIATED` on a retry means the
   * first attempt arrived, and its recovery short code is read from the operation history.
   */
  async payment(
    params: MerchantPaymentParams,
    options?: RequestOptions,
  ): Promise<MerchantPaymentResponse> {
    const body = paymentBody(params);
    return postOperation(this.ctx, endpoints.merchantPayment, body, {
      options,
      resolveDuplicate: async () => {
        const { operations } = await this.#operations.history(
          { operationId: body.operationId, type: 'merchantPayment' },
          options,
        );
        const [entry] = operations;
        return {
          recoveryShortcode: entry?.type === 'merchantPayment' ? entry.recoveryShortcode : null,
        };
      },
    });
  }

  /**
   * `GET /merchant/accounts?customerMsisdn=`: the customer's banks (their `bankCode` is what a
   * payment may name) and account numbers; `banks: []` for a customer without accounts.
   */
  async accounts(customerMsisdn: string, options?: RequestOptions): Promise<CustomerAccounts> {
    const query = { customerMsisdn: checkMsisdn('customerMsisdn', customerMsisdn) };
    return getEndpoint(this.ctx, endpoints.merchantAccounts, { query, options });
  }
}
