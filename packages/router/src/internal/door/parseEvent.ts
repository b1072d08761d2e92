import {
  abortSessionSchema,
  closeSessionSchema,
  continueSessionSchema,
  newSessionSchema,
  ProtocolError,
  parseWire,
} from '@ussdkit/protocol';
import type { UssdEvent } from '../../Dispatch';
import type { SessionEventName } from '../../RouterEvent';
import { eventFastRead } from './eventFastRead';
import { errorResult, type HandleResult } from './httpResult';

/**
 * An event's JSON body read and checked by its schema (tolerant reader: unknown fields are
 * dropped), or the 400 answer naming what is wrong: not JSON, or the field that fails. The
 * bodies of an ordinary session are read without zod ({@link eventFastRead}), to the same result.
 */
export function parseEvent(
  event: SessionEventName,
  raw: string,
): { readonly event: UssdEvent } | { readonly refused: HandleResult } {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { refused: errorResult(400, 'INVALID_JSON', 'The body is not valid JSON') };
  }
  const fast = eventFastRead(event, json);
  if (fast !== undefined) return { event: fast };
  try {
    switch (event) {
      case 'new':
        return {
          event: { type: event, body: parseWire(newSessionSchema, json, 'new session request') },
        };
      case 'continue':
        return {
          event: {
            type: event,
            body: parseWire(continueSessionSchema, json, 'continue session request'),
          },
        };
      case 'close':
        return {
          event: {
            type: event,
            body: parseWire(closeSessionSchema, json, 'close session request'),
          },
        };
      default:
        return {
          event: {
            type: event,
            body: parseWire(abortSessionSchema, json, 'abort session request'),
          },
        };
    }
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    return { refused: errorResult(400, 'INVALID_REQUEST', error.message, error.field) };
  }
}
