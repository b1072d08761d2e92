/**
 * The encrypted session record does not fit in `contextData` under the configured limit. Keep less
 * in the session state, raise `maxBytes`, or use a server-side store.
 *
 * @example
 * ```ts
 * if (error instanceof ContextDataTooLargeError) console.error(error.size, error.limit);
 * ```
 */
export class ContextDataTooLargeError extends Error {
  override readonly name = 'ContextDataTooLargeError';
  readonly code = 'CONTEXT_DATA_TOO_LARGE';

  constructor(
    readonly size: number,
    readonly limit: number,
  ) {
    super(
      `session state is too large for contextData: ${size} bytes encrypted, the limit is ${limit} bytes ` +
        '(keep less state, raise maxBytes, or use memoryStore/redisStore)',
    );
  }
}
