import { ProtocolError, parseWire } from '@ussdkit/protocol';
import type { z } from 'zod';
import { badRequest } from './RuleError';

/**
 * Parses a request body's text as JSON and then with `schema`. An empty body, invalid JSON and a
 * schema failure are 400 `BAD_REQUEST` whose message names the problem or the failing field, the
 * same from the sandbox and from the msw handlers.
 *
 * @example
 * ```ts
 * const request = parseJsonBody(await request.text(), acquireRequestSchema, 'acquire request');
 * ```
 */
export function parseJsonBody<S extends z.ZodType>(
  text: string,
  schema: S,
  what: string,
): z.output<S> {
  if (text.trim() === '') throw badRequest(`Invalid ${what}: the body is empty, JSON expected`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest(`Invalid JSON in ${what}: ${(error as Error).message}`, error);
  }
  try {
    return parseWire(schema, value, what);
  } catch (error) {
    if (error instanceof ProtocolError) throw badRequest(error.message, error);
    throw error;
  }
}

/**
 * A required, non-empty query parameter; 400 naming it when absent.
 *
 * @example
 * ```ts
 * const operationId = requireQueryParameter(new URL(request.url).searchParams, 'operationId');
 * ```
 */
export function requireQueryParameter(query: URLSearchParams, name: string): string {
  const value = query.get(name);
  if (value === null || value === '') throw badRequest(`Missing query parameter: ${name}`);
  return value;
}
