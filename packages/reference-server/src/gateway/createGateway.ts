import { dialSession } from './dialSession';
import type { Gateway } from './Gateway';
import type { GatewayDeps } from './GatewayDeps';
import { GatewayError } from './GatewayError';
import { GatewayParts } from './GatewayParts';
import { sessionReport } from './GatewaySession';
import { SECRET_MASK } from './gatewayScreens';
import { pushSession } from './pushSession';
import { settled } from './session/pause';
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
  const parts = new GatewayParts(deps);
  const { machine, phones, sessions, tokens, usedOperations, faults } = parts;
  return {
    dial: (request) => dialSession(parts, request),

    async input(sessionId, text) {
      const session = parts.find(sessionId);
      const now = await machine.serialize(session, async () => {
        if (!session.open) {
          throw new GatewayError(409, 'SESSION_CLOSED', `session ${sessionId} is closed`);
        }
        // A PIN never reaches the transcript, nor through it the report, the logs or the phones.
        const secret = session.asksSecret === true;
        machine.log(session, 'phone', secret ? SECRET_MASK : text);
        parts.respond(session);
        const dialog = session.waiting;
        if (dialog !== undefined) {
          session.waiting = undefined;
          await machine.step(session, dialog.answer(text), secret);
        }
        return parts.answer(session);
      });
      if (session.pause === undefined) return now;
      // Waiting for the bank: the phone sees the next screen once the wait is over.
      await settled(session);
      return parts.answer(session);
    },

    async cancel(sessionId) {
      const session = parts.find(sessionId);
      return machine.serialize(session, async () => {
        if (session.open) {
          machine.log(session, 'phone', 'Cancel');
          parts.respond(session);
          await machine.end(session, { kind: 'close', reason: 'Abandon' });
        } else {
          // The phone put away the notice of a push it was showing.
          const key = parts.phoneKey(session.msisdn);
          if (key !== undefined) phones.dismiss(key, session);
        }
        return { sessionId, open: false as const };
      });
    },

    session(sessionId) {
      const session = parts.lookUp(sessionId);
      return session === undefined ? undefined : sessionReport(session, machine.bill(session));
    },

    phone(msisdn) {
      sessions.expire(deps.clock.now());
      const key = parts.phoneKey(msisdn);
      const shown = key === undefined ? undefined : phones.shown(key);
      return shown === undefined ? {} : { pendingPush: shown };
    },

    push: (request) => pushSession(parts, request),

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

    merchantPayment: (request) => startPaymentSession(parts, request),

    faultsOf: (appId) => faults.get(appId),
    setFaults: (appId, set) => faults.set(appId, set),
    clearFaults: (appId) => faults.clear(appId),

    close: () => machine.shutdown(),
  };
}
