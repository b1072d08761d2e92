import type { z } from 'zod';
import type { RequestOptions } from '../ClientOptions';
import type { ResourceContext } from './ResourceContext';

/** How one operation's POST ends besides its answer. */
export interface OperationCall<T> {
  readonly options?: RequestOptions | undefined;
  /**
   * What the call resolves to when a retry is refused as a duplicate: the first attempt arrived
   * and its answer was lost. Without it the refusal is thrown.
   */
  readonly resolveDuplicate?: () => Promise<T>;
}

/**
 * The POST of a body keyed by its `operationId`: the idempotency key makes a resend safe, so it is
 * retried with the same bytes, and its errors name the operation. Without a response schema on
 * the endpoint the answer's body is ignored (T is `undefined`).
 */
export function postOperation<T>(
  ctx: ResourceContext,
  endpoint: { readonly path: string; readonly response?: z.ZodType<T> },
  body: { readonly operationId: string },
  call: OperationCall<T> = {},
): Promise<T> {
  return ctx.transport.request({
    method: 'POST',
    path: endpoint.path,
    body,
    schema: endpoint.response,
    retry: true,
    operationId: body.operationId,
    options: call.options,
    resolveDuplicate: call.resolveDuplicate,
  });
}
