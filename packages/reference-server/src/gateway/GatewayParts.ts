import { isMsisdn, type NewSession, normalizeMsisdn } from '@ussdkit/protocol';
import {
  DEFAULT_ENDED_SESSION_SECONDS,
  DEFAULT_OPERATION_ID_SECONDS,
  DEFAULT_RETAINED_ENDED_SESSIONS,
  DEFAULT_RETAINED_OPERATION_IDS,
} from '../config/sessionRetentionConfig';
import { SeenOperationIds } from './dialogs/SeenOperationIds';
import { createSandboxBanks } from './dialogs/sandboxBanks';
import { FaultBook } from './faults/FaultBook';
import type { ScreenAnswer } from './Gateway';
import type { GatewayApp, GatewayDeps } from './GatewayDeps';
import { GatewayError } from './GatewayError';
import type { GatewaySession } from './GatewaySession';
import { SESSION_LIMIT_MS } from './gatewayScreens';
import { networkOf } from './phones/networkOf';
import { PhonePushes } from './phones/PhonePushes';
import { RecoveryTokens } from './phones/RecoveryTokens';
import { SessionMachine } from './session/SessionMachine';
import { memorySessionStore, type SessionStore } from './session/SessionStore';

/**
 * What the gateway is made of, shared by its operations (dial, input, push, the merchant payment
 * session): the sessions and their store, the phones' pushes and recovery codes, the process
 * operationIds, the banks and faults, the session machine; and the steps they all take (open a
 * session, begin it with `new`, find it, answer the phone).
 *
 * @example
 * ```ts
 * const parts = new GatewayParts(deps);
 * return parts.begin(app, msisdn, [dial], { type: 'Dial', shortcodeString: dial });
 * ```
 */
export class GatewayParts {
  readonly phones = new PhonePushes();
  readonly tokens = new RecoveryTokens();
  readonly banks = createSandboxBanks();
  readonly faults = new FaultBook();
  readonly sessions: SessionStore;
  readonly usedOperations: SeenOperationIds;
  readonly machine: SessionMachine;

  constructor(readonly deps: GatewayDeps) {
    const retention = deps.sessionRetention;
    this.sessions = memorySessionStore(
      {
        endedSessions: retention?.endedSessions ?? DEFAULT_RETAINED_ENDED_SESSIONS,
        seconds: retention?.seconds ?? DEFAULT_ENDED_SESSION_SECONDS,
      },
      (dropped) => {
        const key = this.phoneKey(dropped.msisdn);
        if (key !== undefined) this.phones.forget(key, dropped);
      },
    );
    this.usedOperations = new SeenOperationIds(
      {
        operationIds: retention?.operationIds ?? DEFAULT_RETAINED_OPERATION_IDS,
        seconds: retention?.operationIdSeconds ?? DEFAULT_OPERATION_ID_SECONDS,
      },
      () => deps.clock.now(),
      deps.operationIds,
    );
    const ended = (session: GatewaySession) => this.#ended(session);
    this.machine = new SessionMachine(deps, this.banks, this.usedOperations, ended, this.faults);
  }

  /** The phone's number normalised (`+234…`), or undefined when it is in none of the five forms. */
  phoneKey(msisdn: string): string | undefined {
    return isMsisdn(msisdn) ? normalizeMsisdn(msisdn) : undefined;
  }

  /** A session by id, after dropping the ended sessions whose retention ran out. */
  lookUp(sessionId: string): GatewaySession | undefined {
    this.sessions.expire(this.deps.clock.now());
    return this.sessions.get(sessionId);
  }

  /** A session by id; 404 `NOT_FOUND` when there is none. */
  find(sessionId: string): GatewaySession {
    const session = this.lookUp(sessionId);
    if (session === undefined) throw new GatewayError(404, 'NOT_FOUND', `no session ${sessionId}`);
    return session;
  }

  /** What the phone shows: the screen, whether input is expected, whether it is a secret. */
  answer(session: GatewaySession): ScreenAnswer {
    return {
      sessionId: session.id,
      screen: session.screen,
      open: session.open,
      ...(session.open && session.asksSecret === true ? { secret: true as const } : {}),
    };
  }

  /** A new open session; its operator is the network of the number (spec: "network operator of the number"). */
  open(app: GatewayApp, msisdn: string): GatewaySession {
    const root = { app, contextData: '' };
    const session: GatewaySession = {
      id: globalThis.crypto.randomUUID(),
      msisdn,
      operator: networkOf(msisdn),
      root,
      stack: [root],
      participants: [root],
      startedAt: this.deps.clock.now(),
      open: true,
      screen: '',
      transcript: [],
      queue: Promise.resolve(),
    };
    this.sessions.add(session);
    return session;
  }

  /** Opens a session of the phone, limited to 2 minutes, and sends the app `new`. */
  begin(
    app: GatewayApp,
    msisdn: string,
    lines: readonly string[],
    input: NewSession['input'],
  ): Promise<ScreenAnswer> {
    const { machine } = this;
    const session = this.open(app, msisdn);
    machine.armTimeout(session, SESSION_LIMIT_MS);
    return machine.serialize(session, async () => {
      const [dialled, ...notes] = lines;
      machine.log(session, 'phone', dialled ?? '');
      for (const note of notes) machine.log(session, 'gateway', note);
      await machine.start(session, session.root, input);
      return this.answer(session);
    });
  }

  /**
   * The customer responded to a push (spec, "Recovery token": "customer receives the push and
   * responds"): it is no longer pending and its recovery code is spent. Its Timeout stays where
   * the push put it.
   */
  respond(session: GatewaySession): void {
    if (session.push === undefined || session.push.takenUp) return;
    session.push.takenUp = true;
    this.tokens.revoke(session.recoveryShortcode);
  }

  /** A session ended: kept as ended, and an abort told to the sandbox's log. */
  #ended(session: GatewaySession): void {
    this.sessions.ended(session, this.deps.clock.now());
    if (session.abortReason === undefined || session.abortMessage === undefined) return;
    try {
      this.deps.onSessionAborted?.({
        sessionId: session.id,
        appId: session.root.app.appId,
        reason: session.abortReason,
        message: session.abortMessage,
      });
    } catch {
      // A failing listener must not keep the apps from hearing that the session ended.
    }
  }
}
