import { randomUUID } from 'node:crypto';
import {
  isMsisdn,
  type NewSession,
  normalizeMsisdn,
  parseShortcode,
  ShortcodeError,
} from '@ussdkit/protocol';
import {
  DEFAULT_ENDED_SESSION_SECONDS,
  DEFAULT_OPERATION_ID_SECONDS,
  DEFAULT_RETAINED_ENDED_SESSIONS,
  DEFAULT_RETAINED_OPERATION_IDS,
} from '../config/sessionRetentionConfig';
import { checkPush } from './checkPush';
import { FaultBook } from './faults/FaultBook';
import type { Gateway, GatewayPushResult, ScreenAnswer } from './Gateway';
import type { GatewayApp, GatewayDeps } from './GatewayDeps';
import { GatewayError } from './GatewayError';
import { type GatewaySession, sessionReport } from './GatewaySession';
import { SECRET_MASK, SESSION_LIMIT_MS } from './gatewayScreens';
import { networkOf } from './networkOf';
import { PhonePushes } from './PhonePushes';
import { settled } from './pause';
import { type RecoveryGrant, RecoveryTokens } from './RecoveryTokens';
import { SeenOperationIds } from './SeenOperationIds';
import { SessionMachine } from './SessionMachine';
import { memorySessionStore } from './SessionStore';
import { createSandboxBanks } from './sandboxBanks';
import { startPaymentSession } from './startPaymentSession';

/**
 * Creates the USSD gateway of the sandbox over its dependencies (clock, apps, developers,
 * billing, callbacks). Serve it with {@link createGatewayRoutes}.
 *
 * @example
 * ```ts
 * const gateway = createGateway(deps);
 * const screen = await gateway.dial({ msisdn: '08031234567', dial: '*384*1#' });
 * ```
 */
export function createGateway(deps: GatewayDeps): Gateway {
  const retention = deps.sessionRetention;
  const phoneKey = (msisdn: string): string | undefined =>
    isMsisdn(msisdn) ? normalizeMsisdn(msisdn) : undefined;
  const phones = new PhonePushes();
  const sessions = memorySessionStore(
    {
      endedSessions: retention?.endedSessions ?? DEFAULT_RETAINED_ENDED_SESSIONS,
      seconds: retention?.seconds ?? DEFAULT_ENDED_SESSION_SECONDS,
    },
    (dropped) => {
      const key = phoneKey(dropped.msisdn);
      if (key !== undefined) phones.forget(key, dropped);
    },
  );
  const tokens = new RecoveryTokens();
  const usedOperations = new SeenOperationIds(
    {
      operationIds: retention?.operationIds ?? DEFAULT_RETAINED_OPERATION_IDS,
      seconds: retention?.operationIdSeconds ?? DEFAULT_OPERATION_ID_SECONDS,
    },
    () => deps.clock.now(),
    deps.operationIds,
  );
  const banks = createSandboxBanks();
  const faults = new FaultBook();
  const machine = new SessionMachine(
    deps,
    banks,
    usedOperations,
    (session) => {
      sessions.ended(session, deps.clock.now());
      if (session.abortReason === undefined || session.abortMessage === undefined) return;
      try {
        deps.onSessionAborted?.({
          sessionId: session.id,
          appId: session.root.app.appId,
          reason: session.abortReason,
          message: session.abortMessage,
        });
      } catch {
        // A failing listener must not keep the apps from hearing that the session ended.
      }
    },
    faults,
  );
  /** A session by id, after dropping the ended sessions whose retention ran out. */
  const lookUp = (sessionId: string): GatewaySession | undefined => {
    sessions.expire(deps.clock.now());
    return sessions.get(sessionId);
  };

  const answer = (session: GatewaySession): ScreenAnswer => ({
    sessionId: session.id,
    screen: session.screen,
    open: session.open,
    ...(session.open && session.asksSecret === true ? { secret: true as const } : {}),
  });

  /** A new open session; its operator is the network of the number (spec: "network operator of the number"). */
  const open = (app: GatewayApp, msisdn: string): GatewaySession => {
    const root = { app, contextData: '' };
    const session: GatewaySession = {
      id: randomUUID(),
      msisdn,
      operator: networkOf(msisdn),
      root,
      stack: [root],
      participants: [root],
      startedAt: deps.clock.now(),
      open: true,
      screen: '',
      transcript: [],
      queue: Promise.resolve(),
    };
    sessions.add(session);
    return session;
  };

  /** Opens a session of the phone, limited to 2 minutes, and sends the app `new`. */
  const begin = (
    app: GatewayApp,
    msisdn: string,
    lines: readonly string[],
    input: NewSession['input'],
  ): Promise<ScreenAnswer> => {
    const session = open(app, msisdn);
    machine.armTimeout(session, SESSION_LIMIT_MS);
    return machine.serialize(session, async () => {
      const [dialled, ...notes] = lines;
      machine.log(session, 'phone', dialled ?? '');
      for (const note of notes) machine.log(session, 'gateway', note);
      await machine.start(session, session.root, input);
      return answer(session);
    });
  };

  const find = (sessionId: string): GatewaySession => {
    const session = lookUp(sessionId);
    if (session === undefined) {
      throw new GatewayError(404, 'NOT_FOUND', `no session ${sessionId}`);
    }
    return session;
  };

  /**
   * The customer responded to a push (spec, "Recovery token": "customer receives the push and
   * responds"): it is no longer pending and its recovery code is spent. Its Timeout stays where
   * the push put it.
   */
  const respond = (session: GatewaySession): void => {
    if (session.push === undefined || session.push.takenUp) return;
    session.push.takenUp = true;
    tokens.revoke(session.recoveryShortcode);
  };

  /** The phone dialled a recovery code it may spend: resume the push, or start it anew. */
  const recover = async (
    code: string,
    msisdn: string,
    grant: RecoveryGrant,
  ): Promise<ScreenAnswer | undefined> => {
    const pushed = lookUp(grant.sessionId);
    if (pushed?.open === true) {
      const resumed = await machine.serialize(pushed, async () => {
        if (!pushed.open) return undefined;
        machine.log(pushed, 'phone', code);
        respond(pushed);
        return answer(pushed);
      });
      if (resumed !== undefined) return resumed;
    }
    // The push is over (timed out, aborted, or it never reached the phone): the code starts a new
    // session of the pushed app, with the push's own input (docs/decisions/0013).
    const app = deps.findAppById(grant.appId);
    if (app === undefined) return undefined;
    const note = `recovery code of push ${grant.sessionId}, which is over: a new session with its Push input`;
    return begin(app, msisdn, [code, note], { type: 'Push', contextData: grant.contextData });
  };

  return {
    async dial({ msisdn, dial, operator }) {
      const text = dial.trim();
      const network = networkOf(msisdn);
      if (operator !== undefined && operator !== network) {
        throw new GatewayError(
          400,
          'BAD_REQUEST',
          `operator: ${msisdn} is a ${network} number (the sandbox reads a number's network from its prefix, docs/gateway.md); leave operator out, or dial from a ${operator} number`,
        );
      }
      const key = phoneKey(msisdn);
      if (key !== undefined) phones.dismiss(key);
      const grant = key === undefined ? undefined : tokens.redeem(text, key, deps.clock.now());
      const recovered = grant === undefined ? undefined : await recover(text, msisdn, grant);
      if (recovered !== undefined) return recovered;
      let code: ReturnType<typeof parseShortcode>;
      try {
        code = parseShortcode(text);
      } catch (error) {
        if (error instanceof ShortcodeError)
          throw new GatewayError(400, 'BAD_REQUEST', error.message);
        throw error;
      }
      const app = code.mainCode === deps.mainCode ? deps.findAppByCode(code.appCode) : undefined;
      if (app === undefined) {
        throw new GatewayError(404, 'NOT_FOUND', `no app answers the short code ${text}`);
      }
      return begin(app, msisdn, [text], { type: 'Dial', shortcodeString: text });
    },

    async input(sessionId, text) {
      const session = find(sessionId);
      const now = await machine.serialize(session, async () => {
        if (!session.open) {
          throw new GatewayError(409, 'SESSION_CLOSED', `session ${sessionId} is closed`);
        }
        // A PIN never reaches the transcript, nor through it the report, the logs or the phones.
        const secret = session.asksSecret === true;
        machine.log(session, 'phone', secret ? SECRET_MASK : text);
        respond(session);
        const dialog = session.waiting;
        if (dialog !== undefined) {
          session.waiting = undefined;
          await machine.step(session, dialog.answer(text), secret);
        }
        return answer(session);
      });
      if (session.pause === undefined) return now;
      // Waiting for the bank: the phone sees the next screen once the wait is over.
      await settled(session);
      return answer(session);
    },

    async cancel(sessionId) {
      const session = find(sessionId);
      return machine.serialize(session, async () => {
        if (session.open) {
          machine.log(session, 'phone', 'Cancel');
          respond(session);
          await machine.end(session, { kind: 'close', reason: 'Abandon' });
        } else {
          // The phone put away the notice of a push it was showing.
          const key = phoneKey(session.msisdn);
          if (key !== undefined) phones.dismiss(key, session);
        }
        return { sessionId, open: false as const };
      });
    },

    session(sessionId) {
      const session = lookUp(sessionId);
      return session === undefined ? undefined : sessionReport(session, machine.bill(session));
    },

    phone(msisdn) {
      sessions.expire(deps.clock.now());
      const key = phoneKey(msisdn);
      const shown = key === undefined ? undefined : phones.shown(key);
      return shown === undefined ? {} : { pendingPush: shown };
    },

    async push(request): Promise<GatewayPushResult> {
      const checked = checkPush(deps, request, phoneKey(request.msisdn));
      if (!checked.ok) return checked;
      const { app, developer, phone } = checked;
      const { msisdn, contextData } = request;
      const session = open(app, msisdn);
      session.push = { contextData, takenUp: false, notice: false };
      // The operator's limit runs from the push, whether or not the phone takes it up (spec,
      // States: "POST /ussd/app/push | accepted | open"; Limits 1).
      machine.armTimeout(session, SESSION_LIMIT_MS);
      if (developer.permissions.includes('RECOVERY')) {
        const grant = { sessionId: session.id, appId: app.appId, phone, contextData };
        session.recoveryShortcode = tokens.issue(
          deps.mainCode,
          app.appCode,
          grant,
          deps.clock.now(),
        );
      }
      phones.set(phone, session);
      void machine.serialize(session, async () => {
        machine.log(session, 'gateway', `push to ${msisdn}`);
        await machine.start(session, session.root, { type: 'Push', contextData });
      });
      return session.recoveryShortcode === undefined
        ? { ok: true, sessionId: session.id }
        : { ok: true, sessionId: session.id, recoveryShortcode: session.recoveryShortcode };
    },

    retained() {
      const now = deps.clock.now();
      sessions.expire(now);
      tokens.prune(now);
      usedOperations.prune(now);
      return {
        openSessions: sessions.size - sessions.endedCount,
        endedSessions: sessions.endedCount,
        operationIds: usedOperations.size,
        recoveryCodes: tokens.size,
        pushedPhones: phones.size,
        timers: machine.timerCount,
      };
    },

    merchantPayment(request) {
      return startPaymentSession({ deps, machine, banks, tokens, phones, open, phoneKey }, request);
    },

    faultsOf: (appId) => faults.get(appId),
    setFaults: (appId, set) => faults.set(appId, set),
    clearFaults: (appId) => faults.clear(appId),

    close() {
      return machine.shutdown();
    },
  };
}
