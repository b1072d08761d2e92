/**
 * `createApp` was given `resume` with a store that cannot keep a dropped session for its caller:
 * the store has no `saveResume` and `takeResume` (the `contextData` store, which keeps nothing on
 * the server, or a store of your own without them).
 *
 * @example
 * ```ts
 * try { createApp({ ...options, store: contextDataStore({ secret }), resume: { withinMs: 60_000 } }); }
 * catch (error) { if (error instanceof ResumeNotSupportedError) console.error(error.message); }
 * ```
 */
export class ResumeNotSupportedError extends Error {
  override readonly name = 'ResumeNotSupportedError';
  readonly code = 'RESUME_NOT_SUPPORTED';

  constructor() {
    super(
      '`resume` needs a store that keeps sessions per caller (saveResume and takeResume), such as ' +
        'memoryStore(), redisStore() or durableObjectStore(); this store has none (the ' +
        'contextData store keeps nothing on the server): remove `resume` or change `store`',
    );
  }
}
