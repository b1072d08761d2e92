import {
  referencedServiceEndpoints as endpoints,
  type HistoryOperationType,
  type OperationHistory,
} from '@ussdkit/protocol';
import type { RequestOptions } from '../ClientOptions';
import { RequestValidationError } from '../errors';
import { getEndpoint } from '../internal/getEndpoint';
import { Resource } from '../internal/Resource';
import { requireText } from '../internal/validate';

/**
 * What {@link OperationsResource.history} asks for; every field optional.
 *
 * @example
 * ```ts
 * const query: HistoryQuery = { type: 'session', from: Date.now() / 1000 - 86_400 };
 * ```
 */
export interface HistoryQuery {
  /** Seconds since the epoch, inclusive, compared with each entry's `at`. */
  readonly from?: number | undefined;
  /** Seconds since the epoch, exclusive. */
  readonly to?: number | undefined;
  readonly type?: HistoryOperationType | undefined;
  /** An acquire's or a merchant payment's operationId. */
  readonly operationId?: string | undefined;
  /** A push's, a session's or a merchant payment's session. */
  readonly sessionId?: string | undefined;
}

function seconds(field: string, value: number | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value < 0) {
    throw new RequestValidationError(
      field,
      'must be seconds since the epoch (a number, 0 or more)',
    );
  }
  return String(value);
}

/**
 * The operation history: acquires, pushes, billed sessions (ticks, fee, payer, sessionTag) and
 * merchant payments of the calling developer, used to check billing. Reached as
 * `client.operations`.
 *
 * @example
 * ```ts
 * const { operations } = await client.operations.history({ type: 'session' });
 * ```
 */
export class OperationsResource extends Resource {
  /** `GET /operation/history`: the developer's entries that match, oldest first. */
  async history(query: HistoryQuery = {}, options?: RequestOptions): Promise<OperationHistory> {
    const search = {
      from: seconds('from', query.from),
      to: seconds('to', query.to),
      type: query.type,
      operationId:
        query.operationId === undefined ? undefined : requireText('operationId', query.operationId),
      sessionId:
        query.sessionId === undefined ? undefined : requireText('sessionId', query.sessionId),
    };
    return getEndpoint(this.ctx, endpoints.operationHistory, { query: search, options });
  }
}
