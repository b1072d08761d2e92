import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent } from 'undici';
import type { Clock } from '../../core/Clock';
import { corruptContextData } from '../faults/corruptContextData';
import { deliverWithFaults } from '../faults/deliverWithFaults';
import { FaultBook, type FaultPlan, NO_FAULTS } from '../faults/FaultBook';
import type { FaultKind } from '../faults/gatewayFaultsSchema';
import type { GatewayApp } from '../GatewayDeps';
import { type AppFrame, type GatewaySession, logLine, toSeconds } from '../GatewaySession';
import type { AppCall } from './appCalls';
import { type AppEventName, type AppRequest, postToApp } from './callApp';

/**
 * The gateway's line to apps: its keep-alive connections (reused across sessions), every call made
 * over them through the faults injected into the app's sessions (docs/faults.md), and the faults
 * noted on the session. One per gateway; {@link AppLine.close} aborts the calls in flight and
 * closes the connections.
 *
 * @example
 * ```ts
 * const line = new AppLine(clock, faults);
 * await appCallsOf(frame.app).command(line.call(session, frame, 'new'), request);
 * ```
 */
export class AppLine {
  readonly #controller = new AbortController();
  readonly #agent = new Agent();

  constructor(
    private readonly clock: Clock,
    /** Faults to inject per app (docs/faults.md); none unless set. */
    readonly faults: FaultBook = new FaultBook(),
  ) {
    // Every in-flight app call listens on this signal (and removes its listener when done): many
    // concurrent sessions are not a leak, so Node's warning past 10 listeners is turned off.
    setMaxListeners(0, this.#controller.signal);
  }

  /** Aborted once the gateway closes: calls and timers stop. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** What the faults of `app` do to one of its events (drawn once per event). */
  plan(app: GatewayApp, event: AppEventName): FaultPlan {
    return this.faults.plan(app.appId, event);
  }

  /** Aborts the calls in flight, from now on every call fails as `closing`. */
  abort(): void {
    this.#controller.abort();
  }

  /** Closes the keep-alive connections to apps (after {@link abort}). */
  async close(): Promise<void> {
    if (!this.#agent.destroyed) await this.#agent.destroy();
  }

  /**
   * One call to the app of `frame` for `event`, over the gateway's connections (see
   * {@link postToApp}), through the faults `plan` decided for it (docs/faults.md): the faults
   * act on the HTTP requests, so they apply to an app of either protocol.
   */
  call(
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
      log: (from, text) => logLine(session, this.clock.now(), from, text),
    };
  }

  /**
   * The native body of `event` as the faults `plan` changes it: a corrupted contextData (the
   * only fault that changes what is sent rather than how; an app of a provider's protocol, which
   * has no contextData, gets none).
   */
  faulty<B extends object>(
    session: GatewaySession,
    frame: AppFrame,
    event: AppEventName,
    plan: FaultPlan,
    body: B,
  ): B {
    const native = (frame.app.protocol ?? 'native') === 'native';
    if (!plan.has('corruptContextData') || !native) return body;
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
  fault(
    session: GatewaySession,
    app: GatewayApp,
    event: AppEventName,
    kind: FaultKind,
    detail: string,
  ): void {
    const at = toSeconds(this.clock.now());
    session.faults ??= [];
    session.faults.push({ at, appId: app.appId, event, kind, detail });
    logLine(session, this.clock.now(), 'gateway', `fault ${kind}: ${detail}`);
  }
}
