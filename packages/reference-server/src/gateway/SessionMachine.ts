import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { gatewayTexts, type NewSession, type SessionCommand } from '@ussdkit/protocol';
import { Agent } from 'undici';
import type { TimerHandle } from '../core/Clock';
import { type AppCall, appCallsOf, type CommandRequest } from './appCalls';
import { billSoFar } from './billing';
import { type AppEventName, type AppRequest, postToApp } from './callApp';
import type { DialogStep } from './Dialog';
import { corruptContextData } from './faults/corruptContextData';
import { deliverWithFaults } from './faults/deliverWithFaults';
import { FaultBook, type FaultPlan, NO_FAULTS } from './faults/FaultBook';
import type { FaultKind } from './faults/gatewayFaultsSchema';
import { followRedirect } from './followRedirect';
import type { GatewayApp, GatewayDeps } from './GatewayDeps';
import {
  type AppFrame,
  type GatewaySession,
  type SessionEnding,
  toSeconds,
} from './GatewaySession';
import { GatewayTimers } from './GatewayTimers';
import { pause } from './pause';
import type { SeenOperationIds } from './SeenOperationIds';
import type { SandboxBank } from './sandboxBanks';
import { keptSecret } from './secretInput';
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
  /** Endings being told to the apps after the phone had its answer (see {@link end}). */
  readonly #notifying = new Set<Promise<void>>();

  constructor(
    private readonly deps: GatewayDeps,
    private readonly banks: readonly SandboxBank[],
    /** Merchant payment operationIds used so far, within the retention window. */
    private readonly usedOperations: SeenOperationIds,
    /** Hears each session as it ends (after billing, before the apps are told). */
    private readonly onEnded: (session: GatewaySession) => void = () => {},
    /** Faults to inject per app (docs/faults.md); none unless set. */
    private readonly faults: FaultBook = new FaultBook(),
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
    await Promise.all(this.#notifying);
    if (!this.#agent.destroyed) await this.#agent.destroy();
  }

  /**
   * One call to the app of `frame` for `event`, over the gateway's connections (see
   * {@link postToApp}), through the faults `plan` decided for it (docs/faults.md): the faults
   * act on the HTTP requests, so they apply to an app of either protocol.
   */
  private call(
    session: GatewaySession,
    frame: AppFrame,
    event: AppEventName,
    plan: FaultPlan = NO_FAULTS,
  ): AppCall {
    const { app } = frame;
    const post = (request: AppRequest) =>
      postToApp(app, request, this.#controller.signal, this.#agent);
    return {
      session,
      frame,
      post: async (request) => {
        const sent = { event, request };
        const outcome = await deliverWithFaults({
          plan,
          sent,
          previous: session.lastSent?.get(app.appId),
          post: (delivered) => post(delivered.request),
          wait: (ms) => sleep(ms, undefined, { signal: this.#controller.signal }).catch(() => {}),
          note: (kind, detail) => this.fault(session, app, event, kind, detail),
        });
        if (event === 'new' || event === 'continue') {
          session.lastSent ??= new Map();
          session.lastSent.set(app.appId, sent);
        }
        return outcome;
      },
      log: (from, text) => this.log(session, from, text),
    };
  }

  /**
   * The native body of `event` as the faults `plan` changes it: a corrupted contextData (the
   * only fault that changes what is sent rather than how; an Africa's Talking app gets none).
   */
  private faulty<B extends object>(
    session: GatewaySession,
    frame: AppFrame,
    event: AppEventName,
    plan: FaultPlan,
    body: B,
  ): B {
    if (!plan.has('corruptContextData') || frame.app.protocol === 'africastalking') return body;
    const given = 'contextData' in body ? body.contextData : undefined;
    if (typeof given !== 'string') return body;
    const contextData = corruptContextData(given);
    this.fault(
      session,
      frame.app,
      event,
      'corruptContextData',
      `sent contextData ${JSON.stringify(contextData)} instead of ${JSON.stringify(given)}`,
    );
    return { ...body, contextData };
  }

  /** Records an injected fault in the session's transcript and its report's `faults`. */
  private fault(
    session: GatewaySession,
    app: GatewayApp,
    event: AppEventName,
    kind: FaultKind,
    detail: string,
  ): void {
    const at = toSeconds(this.deps.clock.now());
    session.faults ??= [];
    session.faults.push({ at, appId: app.appId, event, kind, detail });
    this.log(session, 'gateway', `fault ${kind}: ${detail}`);
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
    const plan = this.faults.plan(frame.app.appId, event);
    const sent = { ...request, body: this.faulty(session, frame, event, plan, request.body) };
    const judged = await appCallsOf(frame.app).command(
      this.call(session, frame, event, plan),
      sent as CommandRequest,
    );
    if (judged === undefined) return;
    if (plan.has('dropAnswer')) {
      const { app } = frame;
      this.fault(session, app, event, 'dropAnswer', `threw away the app's answer to ${event}`);
      return this.end(session, {
        kind: 'abort',
        reason: { type: 'InternalError' },
        message: `The sandbox's dropAnswer fault threw away the answer of ${app.appId} to /ussdSessionEvent/${event}: the gateway acted as if the app had not answered within ${app.answerTimeoutMs} ms. DELETE /sandbox/apps/${app.appId}/faults stops it (docs/faults.md).`,
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
      this.fault(
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
      const plan = this.faults.plan(frame.app.appId, event);
      await appCallsOf(frame.app).ended(this.call(session, frame, event, plan), {
        event,
        body: this.faulty(session, frame, event, plan, body),
      });
    }
    // Kept for the reorder fault while the session ran; it holds the inputs as sent, secrets too.
    session.lastSent = undefined;
  }
}
