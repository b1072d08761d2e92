import { setMaxListeners } from 'node:events';
import type { NewSession, SessionCommand } from '@ussdkit/protocol';
import { Agent } from 'undici';
import type { TimerHandle } from '../core/Clock';
import { type AppCall, appCallsOf, type CommandRequest } from './appCalls';
import { billSoFar } from './billing';
import { type AppEventName, postToApp } from './callApp';
import type { DialogStep } from './Dialog';
import { followRedirect } from './followRedirect';
import type { GatewayDeps } from './GatewayDeps';
import {
  type AppFrame,
  type GatewaySession,
  type SessionEnding,
  toSeconds,
} from './GatewaySession';
import { GatewayTimers } from './GatewayTimers';
import { gatewayScreens } from './gatewayScreens';
import { pause } from './pause';
import type { SeenOperationIds } from './SeenOperationIds';
import type { SandboxBank } from './sandboxBanks';
import { startProcess } from './startProcess';
import { viewDialog } from './viewDialog';

/**
 * Runs sessions: sends the four events to apps, applies their commands (views, redirects,
 * processes), runs the gateway's own dialogs, ends and bills sessions. One instance per gateway.
 */
export class SessionMachine {
  readonly #controller = new AbortController();
  /** Keep-alive connections to apps, reused across sessions; destroyed by {@link shutdown}. */
  readonly #agent = new Agent();
  readonly #timers: GatewayTimers;

  constructor(
    private readonly deps: GatewayDeps,
    private readonly banks: readonly SandboxBank[],
    /** Merchant payment operationIds used so far, within the retention window. */
    private readonly usedOperations: SeenOperationIds,
    /** Hears each session as it ends (after billing, before the apps are told). */
    private readonly onEnded: (session: GatewaySession) => void = () => {},
  ) {
    // Every in-flight app call listens on this signal (and removes its listener when done): many
    // concurrent sessions are not a leak, so Node's warning past 10 listeners is turned off.
    setMaxListeners(0, this.#controller.signal);
    this.#timers = new GatewayTimers(deps.clock, this.#controller.signal);
  }

  /** Runs `task` after `delayMs` of sandbox time unless the gateway closes first. */
  later(delayMs: number, task: () => void | Promise<void>): TimerHandle {
    return this.#timers.later(delayMs, task);
  }

  /** Timers armed and not yet run or cancelled (for tests and diagnostics). */
  get timerCount(): number {
    return this.#timers.size;
  }

  /** Cancels every timer, aborts in-flight app calls and closes the connections to apps. */
  async shutdown(): Promise<void> {
    this.#controller.abort();
    this.#timers.cancelAll();
    if (!this.#agent.destroyed) await this.#agent.destroy();
  }

  /** One call to the app of `frame`, over the gateway's connections (see {@link postToApp}). */
  private call(session: GatewaySession, frame: AppFrame): AppCall {
    return {
      session,
      frame,
      post: (request) => postToApp(frame.app, request, this.#controller.signal, this.#agent),
      log: (from, text) => this.log(session, from, text),
    };
  }

  /** Queues `task` behind everything else happening to the session. */
  serialize<T>(session: GatewaySession, task: () => Promise<T>): Promise<T> {
    const run = session.queue.then(task, task);
    session.queue = run.catch(() => undefined);
    return run;
  }

  log(session: GatewaySession, from: 'phone' | 'app' | 'gateway', text: string): void {
    session.transcript.push({ at: toSeconds(this.deps.clock.now()), from, text });
  }

  /**
   * Arms the session's Timeout close, `limitMs` after the session started. Counted from
   * `startedAt`, not from now: a millisecond of real time between the two would bill a session
   * of exactly 120 s a seventh tick.
   */
  armTimeout(session: GatewaySession, limitMs: number): void {
    session.timer?.cancel();
    session.deadline = session.startedAt + limitMs;
    session.timer = this.later(session.deadline - this.deps.clock.now(), () =>
      this.serialize(session, () => this.end(session, { kind: 'close', reason: 'Timeout' })),
    );
  }

  /** Sends `new` to an app and applies its answer. */
  async start(session: GatewaySession, frame: AppFrame, input: NewSession['input']) {
    const body = {
      clientId: frame.app.clientId,
      appId: frame.app.appId,
      sessionId: session.id,
      msisdn: session.msisdn,
      operator: session.operator,
      input,
    };
    await this.exchange(session, frame, { event: 'new', body });
  }

  /** Shows the next screen, hands a result to the app, waits for the bank, or aborts. */
  async step(session: GatewaySession, step: DialogStep): Promise<void> {
    if (!session.open) return;
    if (step.type === 'ask') {
      session.screen = step.screen;
      session.waiting = step.next;
      session.asksSecret = step.secret === true;
      this.log(session, 'gateway', `screen: ${step.screen}`);
      return;
    }
    session.waiting = undefined;
    session.asksSecret = false;
    if (step.type === 'wait') return this.wait(session, step);
    if (step.type === 'abort') {
      return this.end(session, { kind: 'abort', reason: step.reason, message: step.message });
    }
    const frame = this.current(session);
    const body = {
      clientId: frame.app.clientId,
      appId: frame.app.appId,
      sessionId: session.id,
      result: step.result,
      contextData: frame.contextData,
    };
    await this.exchange(session, frame, { event: 'continue', body });
  }

  /**
   * Waits `step.ms` of sandbox time outside the session's queue (a Timeout or a cancel may end the
   * session meanwhile), then takes the step that follows. The phone's input answers once the
   * wait is over (`settled`).
   */
  private wait(session: GatewaySession, step: Extract<DialogStep, { type: 'wait' }>): void {
    this.log(session, 'gateway', step.note);
    const waiting = pause();
    session.pause = waiting;
    this.later(step.ms, () =>
      this.serialize(session, async () => {
        try {
          // Called even after the session ended: what happens outside it (callbacks) still does.
          const next = step.resume();
          await this.step(session, next);
        } finally {
          if (session.pause === waiting) session.pause = undefined;
          waiting.release();
        }
      }),
    );
  }

  private current(session: GatewaySession): AppFrame {
    return session.stack[session.stack.length - 1] ?? session.root;
  }

  private async exchange(
    session: GatewaySession,
    frame: AppFrame,
    request: CommandRequest,
  ): Promise<void> {
    const judged = await appCallsOf(frame.app).command(this.call(session, frame), request);
    if (judged === undefined) return;
    if (!judged.ok) {
      return this.end(session, {
        kind: 'abort',
        reason: { type: judged.reason },
        message: judged.message,
      });
    }
    await this.apply(session, frame, judged.command);
  }

  private async apply(session: GatewaySession, frame: AppFrame, command: SessionCommand) {
    frame.contextData = command.contextData;
    if (command.sessionTag !== undefined) session.sessionTag = command.sessionTag;
    const action = command.action;
    switch (action.type) {
      case 'ShowView': {
        if (action.view.type !== 'InfoView') return this.step(session, viewDialog(action.view));
        session.screen = action.view.message;
        this.log(session, 'gateway', `screen: ${action.view.message}`);
        // A push the phone has not answered yet: the message is delivered to it as a notice
        // (spec: "message is delivered, then close with reason End").
        if (session.push?.takenUp === false) session.push.notice = true;
        return this.end(session, { kind: 'close', reason: 'End' });
      }
      case 'Redirect':
      case 'ReturnFromRedirect':
      case 'LegacyAppRedirect': {
        const move = followRedirect(this.deps, session, frame, action);
        if (move.kind === 'enter') return this.start(session, move.frame, move.input);
        if (move.kind === 'return')
          return this.step(session, { type: 'done', result: move.result });
        return this.end(session, { kind: 'abort', reason: move.reason, message: move.message });
      }
      case 'RunProcess':
        return this.step(
          session,
          startProcess(
            {
              deps: this.deps,
              banks: this.banks,
              usedOperations: this.usedOperations,
              later: (delayMs, task) => void this.later(delayMs, task),
            },
            session,
            frame,
            action.process,
          ),
        );
    }
  }

  /** Ticks and fee of the session, so far while it is open. */
  bill(session: GatewaySession): { ticks: number; fee: number } {
    const feePerTick = this.deps.findDeveloper(session.root.app.clientId)?.feePerTick ?? 0;
    return billSoFar(session, this.deps.clock.now(), feePerTick);
  }

  /** Ends the session once: bills the caller, then notifies every app that took part. */
  async end(session: GatewaySession, ending: SessionEnding): Promise<void> {
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
      if (ending.reason === 'Timeout') session.screen = gatewayScreens.timeout;
      if (ending.reason === 'Abandon') session.screen = gatewayScreens.abandoned;
    } else {
      session.abortReason = ending.reason.type;
      session.abortMessage = ending.message;
      session.screen = gatewayScreens.aborted;
      this.log(session, 'gateway', `${ending.reason.type}: ${ending.message}`);
    }
    this.log(
      session,
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
      await appCallsOf(frame.app).ended(this.call(session, frame), { event, body });
    }
  }
}
