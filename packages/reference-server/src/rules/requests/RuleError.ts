/**
 * A request the service's rules refuse, with the HTTP status and the `{code, message}` to answer
 * (400 `BAD_REQUEST`, 401 `UNAUTHORIZED`, 402 `INSUFFICIENT_BALANCE`, 403 `FORBIDDEN`, 409
 * `DUPLICATE_OPERATION`, 415 `UNSUPPORTED_MEDIA_TYPE`). Thrown by the rules;
 * the sandbox and the msw handlers turn it into their JSON answer, so both answer alike.
 *
 * @example
 * ```ts
 * throw new RuleError(400, 'BAD_REQUEST', 'Missing query parameter: operationId');
 * ```
 */
export class RuleError extends Error {
  override readonly name = 'RuleError';

  constructor(
    readonly status: 400 | 401 | 402 | 403 | 409 | 415,
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The JSON body of the answer. */
  toBody(): { code: string; message: string } {
    return { code: this.code, message: this.message };
  }
}

/**
 * 400 `BAD_REQUEST` with a message that says what to change.
 *
 * @example
 * ```ts
 * throw badRequest('customerMsisdn: "123" is not a phone number');
 * ```
 */
export function badRequest(message: string, cause?: unknown): RuleError {
  return new RuleError(400, 'BAD_REQUEST', message, { cause });
}
