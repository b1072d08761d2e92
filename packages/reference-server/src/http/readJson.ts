import type { Context } from 'hono';
import type { z } from 'zod';
import { requestText } from '../internal/requestText';
import { parseJsonBody, requireQueryParameter } from '../rules/index';

/**
 * Reads the request body as JSON and parses it with `schema` (the rules' `parseJsonBody`, which
 * the msw handlers use too). Invalid JSON and schema failures become 400 `BAD_REQUEST` whose
 * message names the problem or the failing field.
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
  return parseJsonBody(await requestText(c), schema, what);
}

/** The query parameters of the request. */
export function queryOf(c: Context): URLSearchParams {
  const url = c.req.url;
  const at = url.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : url.slice(at + 1));
}

/** A required, non-empty query parameter; 400 naming it when absent. */
export function requireQuery(c: Context, name: string): string {
  return requireQueryParameter(queryOf(c), name);
}
