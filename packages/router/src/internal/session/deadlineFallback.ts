import type { ContinueSession, NewSession } from '@ussdkit/protocol';
import type { SessionRecord } from '../../SessionStore';
import { outOfFlows } from '../engine/flowFrames';
import { type CarryRules, carryOver } from './carryOver';
import { type DeadlineQueue, timedOut } from './DeadlineQueue';
import { raceWithSignal } from './eventSignal';
import type { RunnerConfig } from './RunnerConfig';
import type { SessionData } from './SessionData';
import { finish, type Handled, infoAnswer, scopeOf } from './sessionScope';
import { entryFor, initialData } from './startSession';

/**
 * What to answer when the handlers passed the deadline: the `deadlineScreen` shown from where
 * the session was (their changes dropped), or the `messages.deadline` InfoView. The screen gets
 * a deadline of its own: its texts and items may be async too, and the customer must get an
 * answer even when they are as slow as what they stand in for.
 */
export async function deadlineFallback(
  config: RunnerConfig,
  carry: CarryRules,
  deadlines: DeadlineQueue,
  body: NewSession | ContinueSession,
  record: SessionRecord | undefined,
  language: string | undefined,
): Promise<Handled> {
  const { deadlineScreen, engine, locales, fallbackMs } = config;
  const { messages } = locales.of(language);
  if (deadlineScreen !== undefined) {
    const base = fallbackBase(config, carry, body, record, language);
    if (base !== undefined) {
      const shown = await raceWithSignal(deadlines, fallbackMs, (signal) => {
        const scope = scopeOf(config, base, body.sessionId, signal);
        return engine.goTo(scope, deadlineScreen).then((answer) => finish(config, scope, answer));
      });
      if (shown !== timedOut) return shown;
    }
  }
  return {
    answer: infoAnswer(messages.deadline),
    data: 'input' in body ? undefined : carryOver(record, carry),
  };
}

/**
 * Where the deadline screen is shown from: a new session's first data, or the stored session
 * seen from the app's side (the deadline screen is an app screen, whatever flow it was in).
 */
function fallbackBase(
  config: RunnerConfig,
  carry: CarryRules,
  body: NewSession | ContinueSession,
  record: SessionRecord | undefined,
  language: string | undefined,
): SessionData | undefined {
  if ('input' in body) {
    const { start } = entryFor(config, body.input);
    return initialData(config, body, start, config.locales.of(language).language);
  }
  const carried = carryOver(record, carry);
  const outside = carried && outOfFlows(carried);
  const outsideState = outside && config.stateSchema.safeParse(outside.state);
  return outside !== undefined && outsideState?.success === true
    ? { ...outside, state: outsideState.data }
    : undefined;
}
