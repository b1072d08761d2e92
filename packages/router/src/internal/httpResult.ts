import { createHash, hash, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from './canonicalJson';

/** What `app.handle` answers; `body` undefined means an empty answer (204). */
export interface HandleResult {
  readonly status: number;
  readonly body?: unknown;
}

/** A JSON error answer `{code, message, field?}`. */
export function errorResult(
  status: number,
  code: string,
  message: string,
  field?: string,
): HandleResult {
  return { status, body: field === undefined ? { code, message } : { code, message, field } };
}

/** Compares two secrets in constant time (hashing first, so lengths leak nothing either). */
export function secretsEqual(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Reads a header case-insensitively; the first value when repeated. */
export function headerValue(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
  name: string,
): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    return typeof value === 'string' ? value : value?.[0];
  }
  return undefined;
}

/**
 * A stable key of an event, for replayed-event detection: a hash of the canonical JSON of the
 * event as its schema parsed it (keys sorted, no whitespace). Two deliveries that differ only in
 * whitespace, key order or fields the schema drops are the same event; a different value is a
 * different event. The parsed event holds only the fields its schema knows, so a deeply nested
 * body (which would overflow a serialiser's stack) never reaches here whole.
 */
export function eventKey(event: string, parsed: unknown): string {
  // The one-shot `hash` costs a fifth of a `createHash` object for bodies this size.
  return hash('sha256', `${event}\n${canonicalJson(parsed)}`, 'base64url');
}
