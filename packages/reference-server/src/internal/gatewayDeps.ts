import type { AppRepository } from '../core/AppRepository';
import type { CallbackDispatcher } from '../core/CallbackDispatcher';
import type { Clock } from '../core/Clock';
import type { DeveloperRepository } from '../core/DeveloperRepository';
import type { GatewayDeps, SessionAbortNotice, SessionRetentionPolicy } from '../gateway/index';
import type { ServiceRules } from '../rules/index';

/** What {@link gatewayDeps} builds the gateway's dependencies from. */
export interface GatewayDepsSources {
  readonly clock: Clock;
  readonly mainCode: string;
  readonly developers: DeveloperRepository;
  readonly apps: AppRepository;
  /** The service's rules: billed sessions go to its history (and end their merchant payment). */
  readonly rules: ServiceRules;
  readonly callbacks: CallbackDispatcher;
  /** How long ended sessions stay readable (the configuration's `sessionRetention`). */
  readonly sessionRetention?: SessionRetentionPolicy;
  /** Hears each aborted session (the sandbox's log). */
  readonly onSessionAborted?: ((notice: SessionAbortNotice) => void) | undefined;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * The gateway's view of the sandbox: apps and developers from the repositories, the virtual
 * purse (pushes and session fees are paid from it), the rules' history (billed sessions) and the
 * callback dispatcher.
 */
export function gatewayDeps(sources: GatewayDepsSources): GatewayDeps {
  const { clock, mainCode, developers, apps, rules, callbacks, sessionRetention } = sources;
  return {
    clock,
    mainCode,
    sessionRetention,
    operationIds: rules.operationIds,
    onSessionAborted: sources.onSessionAborted,
    findAppByCode: (appCode) => apps.byCode(appCode),
    findAppById: (appId) => apps.get(appId),
    findDeveloper: (clientId) => developers.get(clientId),
    debitVirtualPurse(clientId, amount) {
      const developer = developers.get(clientId);
      if (!developer || developer.virtualPurse < amount) return false;
      developer.virtualPurse = cents(developer.virtualPurse - amount);
      return true;
    },
    chargeSession(charge) {
      developers.update(charge.clientId, (developer) => {
        developer.virtualPurse = cents(developer.virtualPurse - charge.fee);
      });
      const seconds = (charge.endedAt - charge.startedAt) / 1000;
      rules.recordSession({
        clientId: charge.clientId,
        appId: charge.appId,
        msisdn: charge.msisdn,
        sessionId: charge.sessionId,
        startedAt: charge.startedAt / 1000,
        endedAt: charge.endedAt / 1000,
        seconds,
        ticks: charge.ticks,
        fee: charge.fee,
        ...(charge.sessionTag === undefined ? {} : { sessionTag: charge.sessionTag }),
        at: charge.endedAt / 1000,
      });
    },
    sendCallback: (clientId, operationId, body) => callbacks.send(clientId, operationId, body),
  };
}
