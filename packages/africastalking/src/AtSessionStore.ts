import type { ChooserView } from '@ussdkit/protocol';

/**
 * What the adapter remembers of one Africa's Talking session between requests: plain JSON, so a
 * shared store (Redis, a Durable Object) can keep it as a string.
 */
export interface AtSession {
  /** The `text` of the last request: the next request's input is what its `text` adds to it. */
  readonly text: string;
  /** The app's last `contextData`, echoed in the next event as the gateway does. */
  readonly contextData: string;
  /** The menu on the phone when the last answer was a chooser: a wrong key is re-asked here. */
  readonly chooser?: ChooserView | undefined;
  /** The last answer sent (`CON …` or `END …`), sent again when a request is repeated. */
  readonly answer: string;
  /** Whether the session ended with `END` (the app was then sent `close` with `End`). */
  readonly ended: boolean;
}

/**
 * Where {@link africasTalking} keeps each session's {@link AtSession}, by Africa's Talking
 * `sessionId`. The default, {@link memoryAtSessionStore}, lives in one process: with several
 * instances behind a load balancer, give a store they share, or a customer's next request may
 * reach an instance that never saw the session.
 *
 * @example
 * ```ts
 * const store: AtSessionStore = {
 *   get: async (id) => JSON.parse((await redis.get(`at:${id}`)) ?? 'null') ?? undefined,
 *   set: async (id, session) => { await redis.set(`at:${id}`, JSON.stringify(session), 'PX', 300_000); },
 *   delete: async (id) => { await redis.del(`at:${id}`); },
 * };
 * ```
 */
export interface AtSessionStore {
  /** The session saved last under this id, or `undefined` when there is none (or it expired). */
  get(sessionId: string): Promise<AtSession | undefined>;
  /** Saves the session; the store decides how long it lives (a few minutes is enough). */
  set(sessionId: string, session: AtSession): Promise<void>;
  /** Forgets the session (after the end-of-session notification). */
  delete(sessionId: string): Promise<void>;
}
