import { isMsisdn, normalizeMsisdn } from '@ussdkit/protocol';
import { checkPush } from '../gateway/phones/checkPush';
import { RecoveryTokens } from '../gateway/phones/RecoveryTokens';
import { gatewayDeps } from '../internal/gatewayDeps';
import { PAYMENT_SESSION_APP_CODE, PAYMENT_SESSION_APP_ID } from '../rules/index';
import type { ServiceCore } from './ServiceCore';
import type { ServiceSessions } from './ServiceSessions';

/**
 * The sessions of a service that has no gateway (the msw handlers: no phone, no app is called): a
 * push is checked by the gateway's own rule (`checkPush`: permission, the developer's app, not an
 * Africa's Talking app, the msisdn, the virtual purse) and answered with a session id and, with
 * RECOVERY, a recovery short code, as the gateway answers; a merchant payment's session is
 * answered the same way, and the payment waits for its outcome (a test reports it).
 *
 * @example
 * ```ts
 * const app = createServiceApp({ sessions: sessionsWithoutGateway });
 * ```
 */
export function sessionsWithoutGateway(core: Omit<ServiceCore, 'sessions'>): ServiceSessions {
  const deps = gatewayDeps(core);
  const tokens = new RecoveryTokens();
  /** A session id, with a recovery code when the developer holds RECOVERY. */
  const opened = (clientId: string, appId: string, appCode: string, phone: string) => {
    const sessionId = globalThis.crypto.randomUUID();
    if (deps.findDeveloper(clientId)?.permissions.includes('RECOVERY') !== true) {
      return { ok: true as const, sessionId };
    }
    const grant = { sessionId, appId, phone, contextData: '' };
    const recoveryShortcode = tokens.issue(core.mainCode, appCode, grant, core.clock.now());
    return { ok: true as const, sessionId, recoveryShortcode };
  };
  return {
    async push(request) {
      const phone = isMsisdn(request.msisdn) ? normalizeMsisdn(request.msisdn) : undefined;
      const checked = checkPush(deps, request, phone);
      if (!checked.ok) return checked;
      return opened(request.clientId, checked.app.appId, checked.app.appCode, checked.phone);
    },
    merchantPayment({ clientId, msisdn }) {
      if (!isMsisdn(msisdn)) {
        return { ok: false, status: 400, code: 'BAD_REQUEST', message: `invalid msisdn ${msisdn}` };
      }
      const phone = normalizeMsisdn(msisdn);
      return opened(clientId, PAYMENT_SESSION_APP_ID, PAYMENT_SESSION_APP_CODE, phone);
    },
  };
}
