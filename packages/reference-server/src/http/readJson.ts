import { ProtocolError, parseWire } from '@ussdkit/protocol';
import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest } from '../core/ServiceError';
import { requestText } from '../internal/requestText';

/**
 * Reads the request body as JSON and parses it with `schema`. Invalid JSON and schema failures
 * become 400 `BAD_REQUEST` whose message names the problem or the failing field.
 *
 * @example
 * ```ts
 * const request = await readJson(c, acquireRequestSchema, 'acquire request');
 * ```
 */
export async function readJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  what: string,
): Promise<z.output<S>> {
  const text = await requestText(c);
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

/** A required, non-empty query parameter; 400 naming it when absent. */
export function requireQuery(c: Context, name: string): string {
  const value = c.req.query(name);
  if (value === undefined || value === '') {
    throw badRequest(`Missing query parameter: ${name}`);
  }
  return value;
}
