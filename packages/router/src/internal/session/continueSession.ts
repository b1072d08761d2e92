import type { ContinueSession } from '@ussdkit/protocol';
import type { SessionRecord } from '../../SessionStore';
import { onScreen } from '../observe/reportError';
import { type CarryRules, carryOver } from './carryOver';
import type { EventSignal } from './eventSignal';
import type { RunnerConfig } from './RunnerConfig';
import type { Resumer } from './resume';
import { asSessionData } from './SessionData';
import { finish, type Handled, infoAnswer, scopeOf } from './sessionScope';
import { firstScreen } from './startSession';

/**
 * Handles `continue` on the stored session: `messages.expired` when there is none, and
 * `messages.flowChanged` when it cannot go on in this version of the app (both restart it on the
 * next dial); else the engine takes the result (or the resume prompt its answer).
 */
export async function continueSession(
  config: RunnerConfig,
  carry: CarryRules,
  resumer: Resumer | undefined,
  body: ContinueSession,
  record: SessionRecord | undefined,
  signal: EventSignal,
): Promise<Handled> {
  const { engine, locales, events } = config;
  const { emit } = events;
  const stored = asSessionData(record?.state);
  if (record === undefined || stored === undefined) {
    // No session, so no language of its own: the first language's text.
    emit?.({ type: 'session.end', sessionId: body.sessionId, reason: 'Expired' });
    return { answer: infoAnswer(locales.first.messages.expired), data: undefined, restarted: true };
  }
  // A copy (a loaded record is read-only, see SessionStore), when the session may go on in
  // this version of the app.
  const data = carryOver(record, carry);
  if (data === undefined) {
    const { messages } = locales.of(stored.language);
    emit?.({ type: 'session.end', sessionId: body.sessionId, reason: 'FlowChanged' });
    return { answer: infoAnswer(messages.flowChanged), data: undefined, restarted: true };
  }
  const scope = scopeOf(config, data, body.sessionId, signal);
  const answer =
    data.offer !== undefined && resumer !== undefined
      ? resumer.answer(scope, body.result, engine, firstScreen(config, data))
      : engine.continue(scope, body.result);
  return finish(config, scope, await answer.catch(onScreen(scope)));
}
