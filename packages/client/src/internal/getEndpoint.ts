import type { z } from 'zod';
import type { RequestOptions } from '../ClientOptions';
import { buildPath } from './path';
import type { ResourceContext } from './ResourceContext';

/** What one GET names beyond its endpoint. */
export interface GetCall {
  /** Values of the path template's `{name}` parts. */
  readonly params?: Record<string, string>;
  /** The query; entries left `undefined` are not sent. */
  readonly query?: Record<string, string | undefined>;
  /** The operation a status read concerns, named in its errors. */
  readonly operationId?: string | undefined;
  readonly options?: RequestOptions | undefined;
}

/**
 * A GET of one service endpoint: its path template filled in (each value encoded), retried
 * (reading again is safe), and its answer parsed with the endpoint's response schema.
 */
export function getEndpoint<T>(
  ctx: ResourceContext,
  endpoint: { readonly path: string; readonly response: z.ZodType<T> },
  call: GetCall = {},
): Promise<T> {
  return ctx.transport.request({
    method: 'GET',
    path: buildPath(endpoint.path, call.params, call.query),
    schema: endpoint.response,
    retry: true,
    operationId: call.operationId,
    options: call.options,
  });
}
