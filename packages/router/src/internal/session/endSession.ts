import type { AbortSession, CloseSession } from '@ussdkit/protocol';
import type { WithLockOptions } from '../../SessionStore';
import { appState } from '../engine/flowFrames';
import type { ObservedEvent } from '../observe/observer';
import { type CarryRules, carryOver } from './carryOver';
import type { RunnerConfig } from './RunnerConfig';
import type { Resumer } from './resume';
import { asSessionData, type SessionData } from './SessionData';
import { memoOf } from './textMemo';
import type { EventStore } from './timedStore';

/** How a text gateway's session ends differently from a native one. */
export interface TextEnding {
  /**
   * The session ended on its final screen and stays, ended, for the provider's repeats: run its
   * hooks and keep the record (the provider's end deletes it).
   */
  readonly keep?: boolean;
  /** The provider's end: a session that ended on its final screen had its hooks run already. */
  readonly afterFinal?: boolean;
}

/** What the end of a session tells its hooks. */
export interface SessionEnd {
  readonly event: 'close' | 'abort';
  readonly sessionId: string;
  /** The app the gateway called: a session kept for `resume` is kept under it. */
  readonly appId: string;
  readonly reason: CloseSession['reason'] | AbortSession['reason'];
}

/** Whether an end needs the session's last data: a hook to run, or the session to keep. */
export function endNeedsData(
  config: RunnerConfig,
  resumer: Resumer | undefined,
  end: Pick<SessionEnd, 'event' | 'reason'>,
): boolean {
  const hook = end.event === 'close' ? config.onClose : config.onAbort;
  return hook !== undefined || (end.event === 'close' && resumer?.keeps(end.reason.type) === true);
}

/**
 * The app's side of a session's end, given its last data: the session kept for `resume` when
 * its reason says so, then the hook with the reason and the app's own state (whatever flow the
 * session was in). A session that could not be kept is reported; the hook still runs.
 */
export async function runEndHooks(
  config: RunnerConfig,
  resumer: Resumer | undefined,
  end: SessionEnd,
  data: SessionData | undefined,
  seen: ObservedEvent | undefined,
): Promise<void> {
  const { event, sessionId } = end;
  if (event === 'close' && resumer?.keeps(end.reason.type) === true) {
    await resumer
      .keep(end.appId, data)
      .catch((error) => config.onError(error, { sessionId, event }));
  }
  const hook = event === 'close' ? config.onClose : config.onAbort;
  if (hook === undefined) return;
  const parsed = data && config.stateSchema.safeParse(appState(data));
  const running = seen && performance.now();
  await hook({
    sessionId,
    // The close or abort reason, as the hook for this event was typed.
    reason: end.reason as never,
    state: parsed?.success === true ? parsed.data : undefined,
  });
  if (running !== undefined) seen?.phase('handlers', running);
}

/**
 * Handles `close` and `abort` under the session's lock: {@link runEndHooks} on the stored
 * session, then the session deleted. Without a hook or resume, nothing needs the session's last
 * state (but the instrumentations, for the screen it ended on): it is only deleted. Says whether
 * a text gateway's session had ended before (on its final screen, or unknown): its end is then
 * not told again.
 */
export function endSession(
  config: RunnerConfig,
  carry: CarryRules,
  resumer: Resumer | undefined,
  store: EventStore,
  seen: ObservedEvent | undefined,
  end: SessionEnd,
  contextData: string,
  text: TextEnding = {},
  lock?: WithLockOptions,
): Promise<'ended' | 'ended before'> {
  const { sessionId } = end;
  return store.withLock(
    sessionId,
    async () => {
      try {
        const needed = endNeedsData(config, resumer, end);
        if (!needed && seen === undefined && text.afterFinal !== true) return 'ended';
        const record = await store.load(sessionId, contextData);
        const stored = asSessionData(record?.state);
        if (stored !== undefined) seen?.session({ msisdn: stored.msisdn, screen: stored.screen });
        const memo = memoOf(record);
        const ran = text.afterFinal === true && memo?.ended === true;
        const appId = memo?.appId ?? end.appId;
        if (needed && !ran && record !== undefined) {
          await runEndHooks(config, resumer, { ...end, appId }, carryOver(record, carry), seen);
        }
        return ran || (text.afterFinal === true && record === undefined) ? 'ended before' : 'ended';
      } finally {
        if (text.keep !== true) await store.delete(sessionId);
      }
    },
    lock,
  );
}
