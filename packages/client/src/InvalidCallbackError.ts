import { UssdkitError } from './errors';

/**
 * A callback body that is not JSON or matches no callback shape. Answer the sender with a 400.
 *
 * @example
 * ```ts
 * catch (error) { if (error instanceof InvalidCallbackError) res.status(400).json({ code: 'BAD_REQUEST', message: error.message }); }
 * ```
 */
export class InvalidCallbackError extends UssdkitError {
  override name = 'InvalidCallbackError';
  readonly code = 'INVALID_CALLBACK';
  /** Dotted path of the first failing field (empty for the whole body). */
  readonly field: string;
  /** The body as received. */
  readonly body: unknown;

  constructor(field: string, message: string, body: unknown, options?: { cause?: unknown }) {
    super(`Invalid callback: ${field === '' ? '(body)' : field}: ${message}`, options);
    this.field = field;
    this.body = body;
  }
}
