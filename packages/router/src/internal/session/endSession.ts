import type { AbortSession, CloseSession } from '@ussdkit/protocol';
import { appState } from '../engine/flowFrames';
import type { ObservedEvent } from '../observe/observer';
import { type CarryRules, carryOver } from './carryOver';
import type { RunnerConfig } from './RunnerConfig';
import type { Resumer } from './resume';
import { asSessionData } from './SessionData';
import type { EventStore } from './timedStore';

/**
 * Handles `close` and `abort` under the session's lock: the hook with the reason and the app's
 * state, the session kept for `resume` when its reason says so, then the session deleted.
 * Without a hook or resume, nothing needs the session's last state (but the instrumentations, for
 * the screen it ended on): it is only deleted. Throws what the store throws; a failing hook or
 * keep is reported and the session still deleted.
 */
export function endSession(
  config: RunnerConfig,
  carry: CarryRules,
  resumer: Resumer | undefined,
  store: EventStore,
  seen: ObservedEvent | undefined,
  event: 'close' | 'abort',
  body: CloseSession | AbortSession,
): Promise<void> {
  const { sessionId } = body;
  return store.withLock(sessionId, async () => {
    try {
      const hook = event === 'close' ? config.onClose : config.onAbort;
      const keep = event === 'close' && resumer?.keeps(body.reason.type) === true;
      if (hook === undefined && !keep && seen === undefined) return;
      const record = await store.load(sessionId, body.contextData);
      const stored = asSessionData(record?.state);
      if (stored !== undefined) seen?.session({ msisdn: stored.msisdn, screen: stored.screen });
      if (hook === undefined && !keep) return;
      const data = carryOver(record, carry);
      // A session that could not be kept is reported; the hook still runs.
      if (keep) {
        await resumer
          ?.keep(body.appId, data)
          .catch((error) => config.onError(error, { sessionId, event }));
      }
      if (hook === undefined) return;
      // The hook sees the app's own state, whatever flow the session was in.
      const parsed = data && config.stateSchema.safeParse(appState(data));
      const running = seen && performance.now();
      await hook({
        sessionId,
        // The close or abort reason, as the hook for this event was typed.
        reason: body.reason as never,
        state: parsed?.success === true ? parsed.data : undefined,
      });
      if (running !== undefined) seen?.phase('handlers', running);
    } finally {
      await store.delete(sessionId);
    }
  });
}
