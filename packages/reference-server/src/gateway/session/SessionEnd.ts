import { gatewayTexts } from '@ussdkit/protocol';
import type { AppLine } from '../apps/AppLine';
import { appCallsOf } from '../apps/appCalls';
import type { AppEventName } from '../apps/callApp';
import type { GatewayDeps } from '../GatewayDeps';
import { type GatewaySession, logLine, type SessionEnding } from '../GatewaySession';
import { billSoFar } from './billing';

/**
 * How sessions end: once each, billed to the caller, recorded, then told to every app that took
 * part (over the gateway's {@link AppLine}); after an InfoView, told once the phone has its
 * answer.
 *
 * @example
 * ```ts
 * await ends.end(session, { kind: 'close', reason: 'Abandon' });
 * ```
 */
export class SessionEnd {
  /** Endings being told to the apps after the phone had its answer (see {@link end}). */
  readonly #notifying = new Set<Promise<void>>();

  constructor(
    private readonly deps: GatewayDeps,
    private readonly line: AppLine,
    /** Hears each session as it ends (after billing, before the apps are told). */
    private readonly onEnded: (session: GatewaySession) => void,
  ) {}

  /** Resolves once the endings told after an answer are delivered (or given up). */
  async settled(): Promise<void> {
    await Promise.all(this.#notifying);
  }

  /** Ticks and fee of the session, so far while it is open. */
  bill(session: GatewaySession): { ticks: number; fee: number } {
    const feePerTick = this.deps.findDeveloper(session.root.app.clientId)?.feePerTick ?? 0;
    return billSoFar(session, this.deps.clock.now(), feePerTick);
  }

  /**
   * Ends the session once: bills the caller, then notifies every app that took part; with
   * `notifyAfterAnswer`, on a later turn of the event loop, once the phone has its answer.
   */
  async end(
    session: GatewaySession,
    ending: SessionEnding,
    options: { readonly notifyAfterAnswer?: boolean } = {},
  ): Promise<void> {
    if (!session.open) return;
    session.open = false;
    // A clock advanced past the limit runs the Timeout late: the session ended at its deadline.
    const now = this.deps.clock.now();
    session.endedAt =
      ending.kind === 'close' && ending.reason === 'Timeout' && session.deadline !== undefined
        ? Math.min(now, session.deadline)
        : now;
    session.waiting = undefined;
    session.asksSecret = false;
    session.timer?.cancel();
    session.timer = undefined;
    // The phone waiting for the bank hears that the session ended; the recovery code of a push
    // outlives its session (docs/decisions/0013-recovery-code-after-a-push.md).
    session.pause?.release();
    session.pause = undefined;
    if (ending.kind === 'close') {
      session.closeReason = ending.reason;
      if (ending.reason === 'Timeout') session.screen = gatewayTexts.timeout;
      if (ending.reason === 'Abandon') session.screen = gatewayTexts.abandoned;
    } else {
      session.abortReason = ending.reason.type;
      session.abortMessage = ending.message;
      session.screen = gatewayTexts.aborted;
      logLine(
        session,
        this.deps.clock.now(),
        'gateway',
        `${ending.reason.type}: ${ending.message}`,
      );
    }
    logLine(
      session,
      this.deps.clock.now(),
      'gateway',
      `${ending.kind} ${ending.kind === 'close' ? ending.reason : ending.reason.type}`,
    );
    const { ticks, fee } = this.bill(session);
    session.ticks = ticks;
    session.fee = fee;
    this.deps.chargeSession({
      sessionId: session.id,
      clientId: session.root.app.clientId,
      appId: session.root.app.appId,
      msisdn: session.msisdn,
      startedAt: session.startedAt,
      endedAt: session.endedAt,
      ticks,
      fee,
      sessionTag: session.sessionTag,
    });
    this.onEnded(session);
    if (options.notifyAfterAnswer !== true) return this.notifyEnded(session, ending);
    const notifying = new Promise((resolve) => setTimeout(resolve, 0)).then(() =>
      this.notifyEnded(session, ending),
    );
    this.#notifying.add(notifying);
    void notifying.finally(() => this.#notifying.delete(notifying));
  }

  /** Sends close or abort to every app that took part (failures go to the transcript). */
  private async notifyEnded(session: GatewaySession, ending: SessionEnding): Promise<void> {
    const event: AppEventName = ending.kind;
    const reason = ending.kind === 'close' ? { type: ending.reason } : ending.reason;
    for (const frame of session.participants) {
      const body = {
        clientId: frame.app.clientId,
        appId: frame.app.appId,
        sessionId: session.id,
        reason,
        contextData: frame.contextData,
      };
      const plan = this.line.plan(frame.app, event);
      await appCallsOf(frame.app).ended(this.line.call(session, frame, event, plan), {
        event,
        body: this.line.faulty(session, frame, event, plan, body),
      });
    }
    // Kept for the reorder fault while the session ran; it holds the inputs as sent, secrets too.
    session.lastSent = undefined;
  }
}
