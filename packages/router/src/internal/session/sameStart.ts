import type { NewSession } from '@ussdkit/protocol';
import { canonicalJson } from '../compile/canonicalJson';
import type { SessionData } from './SessionData';

/** How the key a `new` answer is saved with begins (see {@link newEventKey}). */
const NEW_KEY = 'new:';

/**
 * The key a `new` answer is saved with: the ids of the event that the session's data does not
 * keep (`clientId`, `appId`), each as a JSON string. What else a `new` carries (the caller, the
 * operator, how the session started) the session keeps in its data: {@link sameStart} compares
 * them. Hashing the canonical JSON of every `new` was about a fifth of a dial's cost.
 */
export function newEventKey(body: NewSession): string {
  return `${NEW_KEY}${JSON.stringify(body.clientId)}${JSON.stringify(body.appId)}`;
}

/** Whether a stored key is a `new` answer's made by {@link newEventKey}. */
export function isNewEventKey(key: string): boolean {
  return key.startsWith(NEW_KEY);
}

/**
 * Whether `body` is the `new` the session began with, as its schema reads it: the same ids (the
 * key), caller, operator and input (dial string, push data, or redirect process and params).
 * Fields the schema does not know are not compared, as a parsed event has none.
 */
export function sameStart(body: NewSession, key: string, data: SessionData | undefined): boolean {
  if (data === undefined || key !== newEventKey(body)) return false;
  if (data.msisdn !== body.msisdn || data.operator !== body.operator) return false;
  const { input } = body;
  const { start } = data;
  switch (input.type) {
    case 'Dial':
      return start.type === 'Dial' && start.shortcodeString === input.shortcodeString;
    case 'Push':
      return start.type === 'Push' && start.contextData === input.contextData;
    default:
      return (
        start.type === 'Redirect' &&
        start.processId === input.process?.id &&
        canonicalJson(start.params) === canonicalJson(input.process?.params ?? {})
      );
  }
}
