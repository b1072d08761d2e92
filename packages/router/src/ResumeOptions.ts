/**
 * `createApp({ resume })`: a session that dropped on a screen waiting for the customer's answer
 * is offered back to the same caller's next dial within `withinMs`. The dial first shows
 * `messages.resumePrompt` with `1. Yes` (`messages.resumeYes`: the screen and the state the
 * caller had) and `2. No` (`messages.resumeNo`: the session starts where the dial leads). A
 * session that ended normally, or on a screen that waits for no answer, is never offered. Needs a
 * store that keeps sessions per caller (`memoryStore`, `redisStore`, `durableObjectStore`);
 * `createApp` refuses it on any other (the `contextData` store) with a
 * {@link ResumeNotSupportedError}.
 *
 * @example
 * ```ts
 * createApp({ ...options, resume: { withinMs: 120_000, on: ['Timeout', 'Abandon'] } });
 * ```
 */
export interface ResumeOptions {
  /** How long after the drop the caller's next dial is offered the session, in ms. */
  readonly withinMs: number;
  /**
   * The close reasons that keep the session: `Timeout` (the network or the operator's time
   * limit), and `Abandon` (the customer cancelled) only when listed.
   * @defaultValue `['Timeout']`
   */
  readonly on?: readonly ('Timeout' | 'Abandon')[] | undefined;
}
