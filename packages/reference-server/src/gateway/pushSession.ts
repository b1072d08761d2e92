import type { GatewayPushRequest, GatewayPushResult } from '../service/ServiceSessions';
import type { GatewayParts } from './GatewayParts';
import { SESSION_LIMIT_MS } from './gatewayScreens';
import { checkPush } from './phones/checkPush';

/**
 * A push (`POST /ussd/app/push`), once {@link checkPush} accepts it: a session of the app opens
 * for the phone, its 2 minutes running from now whether or not the phone takes it up, with a
 * recovery code when the developer holds RECOVERY; the app gets `new` with the Push input.
 *
 * @example
 * ```ts
 * const result = await pushSession(parts, { clientId, appId: 'demo-app', msisdn, contextData: '' });
 * ```
 */
export async function pushSession(
  parts: GatewayParts,
  request: GatewayPushRequest,
): Promise<GatewayPushResult> {
  const { deps, machine } = parts;
  const checked = checkPush(deps, request, parts.phoneKey(request.msisdn));
  if (!checked.ok) return checked;
  const { app, developer, phone } = checked;
  const { msisdn, contextData } = request;
  const session = parts.open(app, msisdn);
  session.push = { contextData, takenUp: false, notice: false };
  // The operator's limit runs from the push, whether or not the phone takes it up (spec,
  // States: "POST /ussd/app/push | accepted | open"; Limits 1).
  machine.armTimeout(session, SESSION_LIMIT_MS);
  if (developer.permissions.includes('RECOVERY')) {
    const grant = { sessionId: session.id, appId: app.appId, phone, contextData };
    const now = deps.clock.now();
    session.recoveryShortcode = parts.tokens.issue(deps.mainCode, app.appCode, grant, now);
  }
  parts.phones.set(phone, session);
  void machine.serialize(session, async () => {
    machine.log(session, 'gateway', `push to ${msisdn}`);
    await machine.start(session, session.root, { type: 'Push', contextData });
  });
  return session.recoveryShortcode === undefined
    ? { ok: true, sessionId: session.id }
    : { ok: true, sessionId: session.id, recoveryShortcode: session.recoveryShortcode };
}
