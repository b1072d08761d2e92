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

/**
 * An option of `contextDataStore` that cannot work, thrown when the store is created rather than
 * at the first event: `option` names it, the message says what to give instead (never the
 * secret itself). An empty `secret` list, a secret under 32 characters (or not a string, as an
 * unset environment variable gives), a negative `clockSkewMs`.
 *
 * @example
 * ```ts
 * try { contextDataStore({ secret: [] }); } catch (error) { if (error instanceof ContextDataStoreOptionsError) console.error(error.option); }
 * ```
 */
export class ContextDataStoreOptionsError extends Error {
  override readonly name = 'ContextDataStoreOptionsError';
  readonly code = 'CONTEXT_DATA_STORE_OPTIONS';

  constructor(
    readonly option: 'secret' | 'clockSkewMs' | 'maxAgeMs' | 'maxBytes',
    message: string,
  ) {
    super(`contextDataStore({ ${option} }): ${message}`);
  }
}
