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
    return new ProtocolError(what, error.issues.map(describeIssue), { cause: error });
  }
}

/**
 * One zod issue as a field and a message. A union that failed in every branch at the same field
 * (a tolerant reader's known and unrecognised forms both missing `type`) names that field, with
 * the last branch's message: the tolerant readers put their most general form last.
 */
function describeIssue(issue: z.core.$ZodIssue): ProtocolIssue {
  let path = issue.path;
  let message = issue.message;
  if (issue.code === 'invalid_union' && issue.errors.length > 1) {
    const firsts = issue.errors.map((branch) => branch[0]);
    const first = firsts[0];
    const same = (other: z.core.$ZodIssue | undefined) =>
      other !== undefined && other.path.map(String).join('.') === first?.path.map(String).join('.');
    if (first !== undefined && first.path.length > 0 && firsts.every(same)) {
      path = [...path, ...first.path];
      message = firsts[firsts.length - 1]?.message ?? first.message;
    }
  }
  return { field: path.map(String).join('.'), message };
}
