import type { GatewayPushRequest, GatewayPushResult } from '../../service/ServiceSessions';
import type { GatewayApp, GatewayDeps, GatewayDeveloper } from '../GatewayDeps';

/** What {@link checkPush} reads of the service: the developer, the app, the purse. */
export type PushCheckDeps = Pick<
  GatewayDeps,
  'findDeveloper' | 'findAppById' | 'debitVirtualPurse'
>;

/** Naira debited from the developer's virtual purse for each accepted push. */
export const PUSH_FEE = 1;

/** A push the gateway accepts: its app and developer, and the phone normalised. */
export interface AcceptedPush {
  readonly ok: true;
  readonly app: GatewayApp;
  readonly developer: GatewayDeveloper;
  /** The pushed phone, normalised (`+234…`). */
  readonly phone: string;
}

/**
 * Checks a push and takes its fee (the one check of the sandbox's gateway and of the msw
 * handlers, which run it through `sessionsWithoutGateway`): 403 `MISSING_PERMISSION` without PUSH, 400 `APP_NOT_FOUND`
 * for an app that is not the developer's, 400 `BAD_REQUEST` for an app of a provider's protocol
 * (Africa's Talking, Hubtel…: none has a push) or an msisdn in none of the five
 * forms (`phone` undefined), 400 `INSUFFICIENT_BALANCE_IN_VIRTUAL_PURSE` when the purse cannot pay
 * {@link PUSH_FEE} (debited only when the push is accepted).
 *
 * @example
 * ```ts
 * const checked = checkPush(deps, request, phoneKey(request.msisdn));
 * if (!checked.ok) return checked;
 * ```
 */
export function checkPush(
  deps: PushCheckDeps,
  { clientId, appId, msisdn }: GatewayPushRequest,
  phone: string | undefined,
): AcceptedPush | Extract<GatewayPushResult, { ok: false }> {
  const developer = deps.findDeveloper(clientId);
  if (developer === undefined || !developer.permissions.includes('PUSH')) {
    return {
      ok: false,
      status: 403,
      code: 'MISSING_PERMISSION',
      message: 'push needs the PUSH permission',
    };
  }
  const app = deps.findAppById(appId);
  if (app === undefined || app.clientId !== clientId) {
    return { ok: false, status: 400, code: 'APP_NOT_FOUND', message: `no app ${appId} of yours` };
  }
  if ((app.protocol ?? 'native') !== 'native') {
    return {
      ok: false,
      status: 400,
      code: 'BAD_REQUEST',
      message: `app ${appId} is registered with protocol "${app.protocol}", which has no push: only a dial starts its sessions`,
    };
  }
  if (phone === undefined) {
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
  return { ok: true, app, developer, phone };
}
