/**
 * A `new` event arrived for a session id the store still holds, and it is not a replay of the
 * `new` that opened it. The gateway keeps a session id from start to end, so this is another
 * session reusing an id (or a misbehaving caller): the router answers 409 instead of silently
 * restarting the open session, and reports this error.
 *
 * @example
 * ```ts
 * onError: (error) => { if (error instanceof SessionAlreadyOpenError) alert(error.sessionId); }
 * ```
 */
export class SessionAlreadyOpenError extends Error {
  override readonly name = 'SessionAlreadyOpenError';
  readonly code = 'SESSION_ALREADY_OPEN';

  constructor(readonly sessionId: string) {
    super(
      `a new event for session ${sessionId}, which is still open and was started by another new event: a session id is kept from start to end, so give each session its own id (a replay of the same new event is answered again instead)`,
    );
  }
}
