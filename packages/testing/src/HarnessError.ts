/**
 * The harness could not do what the test asked: the app answered something the gateway would
 * reject (the gateway would abort the session), or the test acted on a session in the wrong state
 * (typing into a closed session, picking on an input screen). The message carries the transcript.
 *
 * @example
 * ```ts
 * await expect(session.pick('Airtime')).rejects.toBeInstanceOf(HarnessError);
 * ```
 */
export class HarnessError extends Error {
  override readonly name = 'HarnessError';
}

/**
 * An expectation on the session failed (`expectScreen`, `expectClosed`). The message shows the
 * expected and the actual screen line by line and the whole transcript of the session.
 *
 * @example
 * ```ts
 * expect(() => session.expectScreen('Welcome')).toThrow(HarnessAssertionError);
 * ```
 */
export class HarnessAssertionError extends Error {
  override readonly name = 'HarnessAssertionError';
}
