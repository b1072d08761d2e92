import type { CloseSession, ContinueSession, NewSession } from '@ussdkit/protocol';
import { closeReasonTypes } from '@ussdkit/protocol';
import type { UssdEvent } from '../../Dispatch';
import type { SessionEventName } from '../../RouterEvent';
import { fieldsOf, filled } from '../jsonFields';

/** `contextData` as `contextDataField` reads it: a string, missing as ''. */
function contextOf(value: unknown): string | undefined {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : undefined;
}

const closeReasons: ReadonlySet<string> = new Set(closeReasonTypes);

/**
 * What the event's schema (`newSessionSchema`, `continueSessionSchema`, `closeSessionSchema`)
 * gives for a body it accepts, read without zod, for the bodies the gateway sends on every
 * session: a dial, a typed input, a close with a known reason. `undefined` for any other body,
 * which the schema then reads and, if it must, refuses in its own words. The schemas cost about
 * as much again as `JSON.parse` of the body, on every request of a session (decision 0047). A
 * test holds the two readers to the same result on every kind of value each field may hold.
 */
export function eventFastRead(event: SessionEventName, json: unknown): UssdEvent | undefined {
  const body = fieldsOf(json);
  if (body === undefined) return undefined;
  const { clientId, appId, sessionId } = body;
  if (!filled(clientId) || !filled(appId) || !filled(sessionId)) return undefined;
  switch (event) {
    case 'new': {
      const { msisdn, operator } = body;
      const input = fieldsOf(body.input);
      if (!filled(msisdn) || typeof operator !== 'string' || input === undefined) return undefined;
      const { type, shortcodeString } = input;
      if (type !== 'Dial' || !filled(shortcodeString)) return undefined;
      const read: NewSession = {
        clientId,
        appId,
        sessionId,
        msisdn,
        operator,
        input: { type, shortcodeString },
      };
      return { type: event, body: read };
    }
    case 'continue': {
      const result = fieldsOf(body.result);
      const contextData = contextOf(body.contextData);
      if (result === undefined || contextData === undefined) return undefined;
      const { type, value } = result;
      if (type !== 'InputResult' || typeof value !== 'string') return undefined;
      const read: ContinueSession = {
        clientId,
        appId,
        sessionId,
        result: { type, value },
        contextData,
      };
      return { type: event, body: read };
    }
    case 'close': {
      const reason = fieldsOf(body.reason);
      const contextData = contextOf(body.contextData);
      if (reason === undefined || contextData === undefined) return undefined;
      const { type } = reason;
      if (typeof type !== 'string' || !closeReasons.has(type)) return undefined;
      const read: CloseSession = {
        clientId,
        appId,
        sessionId,
        reason: { type: type as (typeof closeReasonTypes)[number] },
        contextData,
      };
      return { type: event, body: read };
    }
    default:
      return undefined;
  }
}
