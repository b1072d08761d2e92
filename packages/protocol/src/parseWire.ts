import type { z } from 'zod';
import { ProtocolError } from './ProtocolError';

/**
 * Parses a wire payload with one of the protocol schemas. Returns the typed value or throws a
 * {@link ProtocolError} that names the failing field; it never throws anything else.
 *
 * @param what - how the payload is named in the error message, e.g. `"continue request"`
 * @example
 * ```ts
 * const event = parseWire(newSessionSchema, JSON.parse(text), 'new session request');
 * ```
 */
export function parseWire<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what = 'payload',
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw ProtocolError.fromZod(what, result.error);
  return result.data;
}
