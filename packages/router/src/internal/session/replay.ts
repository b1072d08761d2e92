import type { ContinueSession, NewSession } from '@ussdkit/protocol';
import type { SessionRecord } from '../../SessionStore';
import { eventKey } from '../door/httpResult';
import { asSessionData } from './SessionData';
import { isNewEventKey, newEventKey, sameStart } from './sameStart';
import { byHop } from './staleEvent';

/** Whether an event was answered already, and the key to save with its answer. */
export interface ReplayCheck {
  /** The answer given before, when this event is a redelivery (or arrives late). */
  readonly replay: unknown;
  /** The key saved with this event's answer: what tells its redelivery next time. */
  readonly key: () => string;
}

/**
 * Tells a redelivered event. A continue with the router's `h<hop>` is placed by its hop: a
 * redelivery names a hop already answered and gets the last answer, and the current hop is never
 * an answered event's, so its replay key is neither computed (hashing the body was about a sixth
 * of an event's cost) nor kept (`''` matches none). A `new` is told by its ids and what the
 * session keeps of its start (`sameStart`). Other continues (another store's contextData, a
 * session saved before hops) are told by their key (decisions 0008, 0029 and 0044).
 */
export function replayCheck(
  event: 'new' | 'continue',
  body: NewSession | ContinueSession,
  contextData: string,
  record: SessionRecord | undefined,
): ReplayCheck {
  if (event === 'new') return newEventCheck(body as NewSession, record);
  const placed = byHop(contextData, record);
  if (placed !== undefined) return { replay: placed.stale, key: () => '' };
  let key: string | undefined;
  const keyOf = () => {
    key ??= eventKey(event, body);
    return key;
  };
  const last = record?.lastEvent;
  const replay = last !== undefined && last.key === keyOf() ? last.answer : undefined;
  return { replay, key: keyOf };
}

/**
 * A `new` on a session that answered a `new` last is its redelivery when it is the same start
 * (`sameStart`); a key saved before (the hash of the whole event) is compared as it was.
 */
function newEventCheck(body: NewSession, record: SessionRecord | undefined): ReplayCheck {
  const key = () => newEventKey(body);
  const last = record?.lastEvent;
  if (last === undefined || last.key === '') return { replay: undefined, key };
  const same = isNewEventKey(last.key)
    ? sameStart(body, last.key, asSessionData(record?.state))
    : last.key === eventKey('new', body);
  return { replay: same ? last.answer : undefined, key };
}
