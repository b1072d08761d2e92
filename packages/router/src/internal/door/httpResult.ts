import { canonicalJson } from '../compile/canonicalJson';
import { stableHash } from '../compile/stableHash';
import { constantTimeEqual } from './constantTimeEqual';

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

/** Compares a given secret with the expected one in time that depends only on the expected. */
export function secretsEqual(given: string, expected: string): boolean {
  return constantTimeEqual(given, expected);
}

/**
 * Reads a header case-insensitively; the first value when repeated. Node's servers and the
 * adapters give lower-case names, which are looked up at once; other spellings are searched.
 */
export function headerValue(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
  name: string,
): string | undefined {
  const direct = Object.hasOwn(headers, name) ? headers[name] : undefined;
  if (direct !== undefined) return typeof direct === 'string' ? direct : direct[0];
  for (const key in headers) {
    if (!Object.hasOwn(headers, key) || key.toLowerCase() !== name) continue;
    const value = headers[key];
    if (value === undefined) continue;
    return typeof value === 'string' ? value : value[0];
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
  return stableHash(`${event}\n${canonicalJson(parsed)}`);
}
