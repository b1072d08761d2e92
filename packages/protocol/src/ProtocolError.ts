import type { z } from 'zod';

/** One problem found in a wire payload, with the dotted path of the field it concerns. */
export interface ProtocolIssue {
  /** Dotted path of the field, e.g. `action.view.items.1.accessKey`; empty for the whole body. */
  readonly field: string;
  readonly message: string;
}

/**
 * Thrown by {@link parseWire} when a payload does not match its wire schema. The message names
 * the first failing field; `issues` lists them all.
 *
 * @example
 * ```ts
 * try { parseWire(continueSessionSchema, body, 'continue request'); }
 * catch (error) { if (error instanceof ProtocolError) console.log(error.field); }
 * ```
 */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
  /** Every problem found, in schema order. */
  readonly issues: readonly ProtocolIssue[];
  /** The first failing field's dotted path (empty for the whole body). */
  readonly field: string;

  constructor(what: string, issues: readonly ProtocolIssue[], options?: { cause?: unknown }) {
    const first = issues[0] ?? { field: '', message: 'invalid' };
    super(
      `Invalid ${what}: ${first.field === '' ? '(body)' : first.field}: ${first.message}`,
      options,
    );
    this.issues = issues;
    this.field = first.field;
  }

  /** Builds the error from a zod error. */
  static fromZod(what: string, error: z.ZodError): ProtocolError {
    return new ProtocolError(
      what,
      error.issues.map((issue) => ({
        field: issue.path.map(String).join('.'),
        message: issue.message,
      })),
      { cause: error },
    );
  }
}
