import type { z } from 'zod';
import { ProtocolError } from '../ProtocolError';
import { parseWire } from '../parseWire';

/** Test helper: parses `value` and returns the ProtocolError it must raise. */
export function expectInvalid(schema: z.ZodType, value: unknown): ProtocolError {
  try {
    parseWire(schema, value, 'body');
  } catch (error) {
    if (error instanceof ProtocolError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(value)} to be rejected`);
}
