import { randomUUID } from 'node:crypto';
import { isMsisdn, normalizeMsisdn, parseShortcode, ShortcodeError } from '@ussdkit/protocol';
import {
  DEFAULT_ENDED_SESSION_SECONDS,
  DEFAULT_RETAINED_ENDED_SESSIONS,
} from '../config/sessionRetentionConfig';
import type { Gateway, GatewayPushResult, ScreenAnswer } from './Gateway';
import type { GatewayApp, GatewayDeps } from './GatewayDeps';
import { GatewayError } from './GatewayError';
import { type GatewaySession, sessionReport } from './GatewaySession';
import { SESSION_LIMIT_MS } from './gatewayScreens';
import { RECOVERY_VALIDITY_MS, RecoveryTokens } from './RecoveryTokens';
import { SessionMachine } from './SessionMachine';
import { memorySessionStore } from './SessionStore';
import { createSandboxBanks } from './sandboxBanks';

/** Naira debited from the developer's virtual purse for each accepted push. */
export const PUSH_FEE = 1;

/** Operator used when the phone names none. */
export const DEFAULT_OPERATOR = 'mtn';

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
  const pendingPushByPhone = new Map<string, string>();
  const phoneKey = (msisdn: string): string | undefined =>
    isMsisdn(msisdn) ? normalizeMsisdn(msisdn) : undefined;
  const sessions = memorySessionStore(
    deps.sessionRetention ?? {
      endedSessions: DEFAULT_RETAINED_ENDED_SESSIONS,
      seconds: DEFAULT_ENDED_SESSION_SECONDS,
    },
    (dropped) => {
      const key = phoneKey(dropped.msisdn);
      if (key !== undefined && pendingPushByPhone.get(key) === dropped.id) {
        pendingPushByPhone.delete(key);
      }
    },
  );
  const tokens = new RecoveryTokens();
  const machine = new SessionMachine(deps, createSandboxBanks(), tokens, (session) => {
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
  });
  /** A session by id, after dropping the ended sessions whose retention ran out. */
  const lookUp = (sessionId: string): GatewaySession | undefined => {
    sessions.expire(deps.clock.now());
    return sessions.get(sessionId);
  };

  const answer = (session: GatewaySession): ScreenAnswer => ({
    sessionId: session.id,
    screen: session.screen,
    open: session.open,
  });

  const open = (app: GatewayApp, msisdn: string, operator: string): GatewaySession => {
    const root = { app, contextData: '' };
    const session: GatewaySession = {
      id: randomUUID(),
      msisdn,
      operator,
      root,
      stack: [root],
      participants: [root],
      startedAt: deps.clock.now(),
      open: true,
      screen: '',
      transcript: [],
      queue: Promise.resolve(),
      pendingPush: false,
    };
    sessions.add(session);
    return session;
  };

  const find = (sessionId: string): GatewaySession => {
    const session = lookUp(sessionId);
    if (session === undefined) {
      throw new GatewayError(404, 'NOT_FOUND', `no session ${sessionId}`);
    }
    return session;
  };

  /** The phone took a pushed session up: the recovery code is spent, the 120 s limit starts. */
  const takeUp = (session: GatewaySession): void => {
    if (!session.pendingPush) return;
    session.pendingPush = false;
    tokens.revoke(session.recoveryShortcode);
    machine.armTimeout(session, SESSION_LIMIT_MS);
  };

  return {
    async dial({ msisdn, dial, operator }) {
      const text = dial.trim();
      const recovered = tokens.redeem(text, deps.clock.now());
      const resumed = recovered === undefined ? undefined : lookUp(recovered);
      if (resumed?.open === true) {
        return machine.serialize(resumed, async () => {
          machine.log(resumed, 'phone', text);
          takeUp(resumed);
          return answer(resumed);
        });
      }
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
      const session = open(app, msisdn, operator ?? DEFAULT_OPERATOR);
      machine.armTimeout(session, SESSION_LIMIT_MS);
      return machine.serialize(session, async () => {
        machine.log(session, 'phone', text);
        await machine.start(session, session.root, { type: 'Dial', shortcodeString: text });
        return answer(session);
      });
    },

    async input(sessionId, text) {
      const session = find(sessionId);
      return machine.serialize(session, async () => {
        if (!session.open) {
          throw new GatewayError(409, 'SESSION_CLOSED', `session ${sessionId} is closed`);
        }
        machine.log(session, 'phone', text);
        takeUp(session);
        const dialog = session.waiting;
        if (dialog !== undefined) {
          session.waiting = undefined;
          await machine.step(session, dialog.answer(text));
        }
        return answer(session);
      });
    },

    async cancel(sessionId) {
      const session = find(sessionId);
      return machine.serialize(session, async () => {
        if (session.open) {
          machine.log(session, 'phone', 'Cancel');
          await machine.end(session, { kind: 'close', reason: 'Abandon' });
        }
        return { sessionId, open: false as const };
      });
    },

    session(sessionId) {
      const session = lookUp(sessionId);
      return session === undefined ? undefined : sessionReport(session, machine.bill(session));
    },

    phone(msisdn) {
      const key = phoneKey(msisdn);
      const sessionId = key === undefined ? undefined : pendingPushByPhone.get(key);
      const session = sessionId === undefined ? undefined : lookUp(sessionId);
      if (session?.open !== true || !session.pendingPush || session.waiting === undefined) {
        return {};
      }
      return { pendingPush: { sessionId: session.id, screen: session.screen } };
    },

    async push({ clientId, appId, msisdn, contextData }): Promise<GatewayPushResult> {
      const developer = deps.findDeveloper(clientId);
      if (developer?.permissions.includes('PUSH') !== true) {
        return {
          ok: false,
          status: 403,
          code: 'MISSING_PERMISSION',
          message: 'push needs the PUSH permission',
        };
      }
      const app = deps.findAppById(appId);
      if (app === undefined || app.clientId !== clientId) {
        return {
          ok: false,
          status: 400,
          code: 'APP_NOT_FOUND',
          message: `no app ${appId} of yours`,
        };
      }
      const key = phoneKey(msisdn);
      if (key === undefined) {
        return { ok: false, status: 400, code: 'BAD_REQUEST', message: `invalid msisdn ${msisdn}` };
      }
      if (!deps.debitVirtualPurse(clientId, PUSH_FEE)) {
        return {
          ok: false,
          status: 400,
          code: 'INSUFFICIENT_BALANCE_IN_VIRTUAL_PURSE',
          message: `a push costs ${PUSH_FEE} from the virtual purse`,
        };
      }
      const session = open(app, msisdn, DEFAULT_OPERATOR);
      session.pendingPush = true;
      // Until the phone takes it up, a push waits as long as its recovery code is valid.
      machine.armTimeout(session, RECOVERY_VALIDITY_MS);
      if (developer.permissions.includes('RECOVERY')) {
        session.recoveryShortcode = tokens.issue(
          deps.mainCode,
          app.appCode,
          session.id,
          deps.clock.now(),
        );
      }
      pendingPushByPhone.set(key, session.id);
      void machine.serialize(session, async () => {
        machine.log(session, 'gateway', `push to ${msisdn}`);
        await machine.start(session, session.root, { type: 'Push', contextData });
      });
      return session.recoveryShortcode === undefined
        ? { ok: true, sessionId: session.id }
        : { ok: true, sessionId: session.id, recoveryShortcode: session.recoveryShortcode };
    },

    close() {
      return machine.shutdown();
    },
  };
}
