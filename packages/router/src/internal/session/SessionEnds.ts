import type {
  AbortReasonType,
  AbortSession,
  CloseReasonType,
  CloseSession,
} from '@ussdkit/protocol';
import type { CarryRules } from './carryOver';
import { endNeedsData, endSession, type SessionEnd, type TextEnding } from './endSession';
import type { RunnerConfig } from './RunnerConfig';
import type { Resumer } from './resume';
import { timedStore } from './timedStore';

/**
 * The ends of sessions: the native gateway's `close` and `abort`, and a text gateway's (the
 * provider's end, the door giving up, the hooks after a final screen). Each under the session's
 * lock, told to the instrumentations and as a `session.end` router event; never throws.
 */
export class SessionEnds {
  constructor(
    private readonly config: RunnerConfig,
    private readonly carry: CarryRules,
    private readonly resumer: Resumer | undefined,
  ) {}

  /** Handles close and abort; never throws. */
  end(event: 'close' | 'abort', body: CloseSession | AbortSession): Promise<void> {
    const { sessionId, appId, reason } = body;
    return this.#end({ event, sessionId, appId, reason }, body.contextData);
  }

  /**
   * A text gateway's end: the provider's (`close`, the hooks skipped for a session that ended
   * on its final screen, whose hooks ran then) or the door's giving up (`abort`).
   */
  endText(
    sessionId: string,
    event: 'close' | 'abort',
    type: CloseReasonType | AbortReasonType,
  ): Promise<void> {
    const reason = { type } as CloseSession['reason'];
    return this.#end({ event, sessionId, appId: '', reason }, '', { afterFinal: true });
  }

  /** After a text gateway's final screen: the `End` hooks run, the ended session kept. */
  async closeEnded(sessionId: string): Promise<void> {
    const end = { event: 'close', sessionId, appId: '', reason: { type: 'End' } } as const;
    if (endNeedsData(this.config, this.resumer, end)) await this.#end(end, '', { keep: true });
    else this.config.events.emit?.({ type: 'session.end', sessionId, reason: 'End' });
  }

  async #end(end: SessionEnd, contextData: string, text?: TextEnding): Promise<void> {
    const { event, sessionId } = end;
    const seen = this.config.observer?.begin(event, sessionId);
    const store = seen === undefined ? this.config.store : timedStore(this.config.store, seen);
    let outcome: 'ended' | 'error' = 'ended';
    let before = false;
    try {
      const { config } = this;
      const lock = { deadline: Date.now() + config.deadlineMs };
      const said = await endSession(
        config,
        this.carry,
        this.resumer,
        store,
        seen,
        end,
        contextData,
        text,
        lock,
      );
      before = said === 'ended before';
    } catch (error) {
      outcome = 'error';
      this.config.onError(error, { sessionId, event });
    }
    const { emit } = this.config.events;
    // A text gateway's session that ended on its final screen was told then.
    if (!before) emit?.({ type: 'session.end', sessionId, reason: end.reason.type });
    seen?.end(outcome);
  }
}
