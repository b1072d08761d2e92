/**
 * A dial or input the gateway refuses, with the HTTP status and `{code}` the sandbox API answers:
 * 400 `BAD_REQUEST` (malformed dial), 404 `NOT_FOUND` (unknown session or short code),
 * 409 `SESSION_CLOSED` (input to a closed session).
 *
 * @example
 * ```ts
 * try { await gateway.input('nope', '1'); }
 * catch (error) { if (error instanceof GatewayError) console.log(error.status, error.code); }
 * ```
 */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  constructor(
    readonly status: 400 | 404 | 409,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
