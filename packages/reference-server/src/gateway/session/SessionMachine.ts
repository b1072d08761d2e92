import type { NewSession, SessionCommand } from '@ussdkit/protocol';
import type { TimerHandle } from '../../core/Clock';
import { AppLine } from '../apps/AppLine';
import { appCallsOf, type CommandRequest } from '../apps/appCalls';
import { keptSecret } from '../apps/secretInput';
import type { DialogStep } from '../dialogs/Dialog';
import type { SeenOperationIds } from '../dialogs/SeenOperationIds';
import type { SandboxBank } from '../dialogs/sandboxBanks';
import { startProcess } from '../dialogs/startProcess';
import { viewDialog } from '../dialogs/viewDialog';
import { FaultBook } from '../faults/FaultBook';
import type { GatewayDeps } from '../GatewayDeps';
import { type AppFrame, type GatewaySession, logLine, type SessionEnding } from '../GatewaySession';
import { followRedirect } from './followRedirect';
import { GatewayTimers } from './GatewayTimers';
import { pause } from './pause';
import { SessionEnd } from './SessionEnd';

/**
 * Runs sessions: sends `new` and `continue` to apps and applies their commands (views, redirects,
 * processes), runs the gateway's own dialogs and its timers; the calls go over the gateway's
 * {@link AppLine}, and sessions end through {@link SessionEnd}. One instance per gateway.
 */
export class SessionMachine {
  readonly #line: AppLine;
  readonly #ends: SessionEnd;
  readonly #timers: GatewayTimers;

  constructor(
    private readonly deps: GatewayDeps,
    private readonly banks: readonly SandboxBank[],
    /** Process operationIds used so far, within the retention window. */
    private readonly usedOperations: SeenOperationIds,
    /** Hears each session as it ends (after billing, before the apps are told). */
    onEnded: (session: GatewaySession) => void = () => {},
    /** Faults to inject per app (docs/faults.md); none unless set. */
    faults: FaultBook = new FaultBook(),
  ) {
    this.#line = new AppLine(deps.clock, faults);
    this.#ends = new SessionEnd(deps, this.#line, onEnded);
    this.#timers = new GatewayTimers(deps.clock, this.#line.signal);
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
    this.#line.abort();
    this.#timers.cancelAll();
    await this.#ends.settled();
    await this.#line.close();
  }

  /** Queues `task` behind everything else happening to the session. */
  serialize<T>(session: GatewaySession, task: () => Promise<T>): Promise<T> {
    const run = session.queue.then(task, task);
    session.queue = run.catch(() => undefined);
    return run;
  }

  /** Writes a line of the session's transcript, at the sandbox's time. */
  log(session: GatewaySession, from: 'phone' | 'app' | 'gateway', text: string): void {
    logLine(session, this.deps.clock.now(), from, text);
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

  /**
   * Shows the next screen, hands a result to the app, waits for the bank, or aborts.
   * `answeredSecret`: the step answers a question that asked a secret (the input it hands on is
   * written masked).
   */
  async step(session: GatewaySession, step: DialogStep, answeredSecret = false): Promise<void> {
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
    const secretInput = answeredSecret && step.result.type === 'InputResult';
    await this.exchange(session, frame, {
      event: 'continue',
      body,
      ...(secretInput ? { secretInput: true as const } : {}),
    });
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
    const { event } = request;
    const line = this.#line;
    const plan = line.plan(frame.app, event);
    const sent = { ...request, body: line.faulty(session, frame, event, plan, request.body) };
    const calls = appCallsOf(frame.app);
    const judged = await calls.command(
      line.call(session, frame, event, plan),
      sent as CommandRequest,
    );
    if (judged === undefined) return;
    if (plan.has('dropAnswer')) {
      const { app } = frame;
      line.fault(session, app, event, 'dropAnswer', `threw away the app's answer to ${event}`);
      return this.end(session, {
        kind: 'abort',
        reason: { type: 'InternalError' },
        message: `The sandbox's dropAnswer fault threw away the answer of ${app.appId} to ${calls.requestName(event)}: the gateway acted as if the app had not answered within ${app.answerTimeoutMs} ms. DELETE /sandbox/apps/${app.appId}/faults stops it (docs/faults.md).`,
      });
    }
    if (!judged.ok) {
      return this.end(session, {
        kind: 'abort',
        reason: { type: judged.reason },
        message: judged.message,
      });
    }
    await this.apply(session, frame, judged.command, judged.secretInput === true);
    if (plan.has('cut') && session.open && session.waiting !== undefined) {
      line.fault(
        session,
        frame.app,
        event,
        'cut',
        'ended the session while its screen waited for input',
      );
      await this.end(session, { kind: 'close', reason: 'Timeout' });
    }
  }

  /** Applies an app's command; `secretInput`: the app marked its screen as asking a secret. */
  private async apply(
    session: GatewaySession,
    frame: AppFrame,
    command: SessionCommand,
    secretInput: boolean,
  ) {
    frame.contextData = command.contextData;
    if (command.sessionTag !== undefined) session.sessionTag = command.sessionTag;
    const action = command.action;
    switch (action.type) {
      case 'ShowView': {
        if (action.view.type !== 'InfoView') {
          const dialog = viewDialog(action.view);
          return this.step(session, secretInput ? keptSecret(dialog) : dialog);
        }
        session.screen = action.view.message;
        this.log(session, 'gateway', `screen: ${action.view.message}`);
        // A push the phone has not answered yet: the message is delivered to it as a notice
        // (spec: "message is delivered, then close with reason End").
        if (session.push?.takenUp === false) session.push.notice = true;
        // Spec: "message is delivered, then close with reason End": the phone's answer does not
        // wait for the app's close handler, however slow, hanging or failing it is.
        return this.end(session, { kind: 'close', reason: 'End' }, { notifyAfterAnswer: true });
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
    return this.#ends.bill(session);
  }

  /** Ends the session once (see {@link SessionEnd.end}). */
  end(
    session: GatewaySession,
    ending: SessionEnding,
    options: { readonly notifyAfterAnswer?: boolean } = {},
  ): Promise<void> {
    return this.#ends.end(session, ending, options);
  }
}
