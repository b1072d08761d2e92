/**
 * What the router keeps per session between events: plain JSON, so every store can serialise it.
 * The router core owns its `state` layout; stores treat it as opaque.
 */
export interface SessionRecord {
  /** Hash of the compiled flow graph the session started on. */
  readonly flowVersion: string;
  /** The router's per-session state (current screen, history, values, app state). */
  readonly state: unknown;
  /** The last event handled and the answer given, for replayed-event detection. */
  readonly lastEvent?: { readonly key: string; readonly answer: unknown } | undefined;
  /**
   * What a text gateway's session needs besides the router's state (how much of Africa's
   * Talking's `text` was read, whether the session ended): plain JSON, opaque to stores. Absent
   * for the native protocol.
   */
  readonly gateway?: unknown;
}

/**
 * Where sessions live between events. One interface for the memory, Redis and stateless
 * (`contextData`) stores; write your own by implementing it.
 *
 * @example
 * ```ts
 * const app = createApp({ ...options, store: redisStore({ client: new Redis() }) });
 * ```
 */
export interface SessionStore {
  /**
   * Loads a session. `contextData` is the value the gateway echoed in this event: stateless
   * stores read the record from it, the others ignore it. The router never modifies a loaded
   * record (it copies what it changes), so a store may return the same object on every load.
   */
  load(sessionId: string, contextData: string): Promise<SessionRecord | undefined>;
  /**
   * Saves a session. Returns the `contextData` to answer with when the store carries the record
   * in it (stateless), or `undefined` when the router may use its own. The router does not touch
   * `record` after passing it here; a store that keeps objects should still keep a copy made with
   * JSON's rules, so that values behave as in the other stores (the memory store copies any
   * record but those the router built itself, whose parts are such copies already).
   */
  save(sessionId: string, record: SessionRecord): Promise<string | undefined>;
  /** Forgets a session (after close or abort). */
  delete(sessionId: string): Promise<void>;
  /**
   * Runs `task` while holding the session's lock, so one event at a time is handled per session,
   * across processes for shared stores. The router passes the event's deadline in `options`.
   */
  withLock<T>(sessionId: string, task: () => Promise<T>, options?: WithLockOptions): Promise<T>;
  /**
   * The longest an event waits in `withLock` for another event's lock before it gives up, when
   * the store bounds it (a shared store's lock). `createApp` adds it to `deadlineMs` and refuses
   * settings whose sum passes the gateway's budget (`gatewayBudgetMs`).
   */
  readonly lockWaitMs?: number | undefined;
  /**
   * Keeps a session that dropped (closed with `Timeout`) for its caller, for `ttlMs`: the
   * caller's next dial may take it back (`createApp({ resume })`). One per caller, the last
   * replacing the one before. A store without it (and {@link SessionStore.takeResume}) cannot
   * serve `resume`, which `createApp` then refuses.
   */
  saveResume?(msisdn: string, record: SessionRecord, ttlMs: number): Promise<void>;
  /**
   * Takes the caller's kept session, once: it is removed in the same step (atomically in a
   * shared store, so two dials never both get it). `undefined` when none, or when it expired.
   */
  takeResume?(msisdn: string): Promise<SessionRecord | undefined>;
}

/**
 * What the router tells {@link SessionStore.withLock} about the event it runs.
 *
 * @example
 * ```ts
 * await store.withLock(sessionId, task, { deadline: Date.now() + 3500 });
 * ```
 */
export interface WithLockOptions {
  /**
   * The event's deadline, a `Date.now()` time: its arrival plus `deadlineMs`. A store whose
   * backend may be briefly out of reach (Redis during a failover) may keep trying to take the
   * lock until then, rather than fail at once; past it the router answers with its fallback
   * (`messages.busy` during a session, `messages.unavailable` for a dial). The router takes the
   * time a store waited past its `lockWaitMs` off the handlers' `deadlineMs`, so the answer
   * stays within the gateway's budget.
   * @defaultValue the store's own bound (for `redisStore`, one `commandTimeoutMs`)
   */
  readonly deadline?: number | undefined;
}
