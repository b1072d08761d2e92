import type { App } from './config/appConfig';
import type { Developer } from './config/developerConfig';
import type { SandboxConfig } from './config/SandboxConfig';
import {
  DEFAULT_ENDED_SESSION_SECONDS,
  DEFAULT_RETAINED_ENDED_SESSIONS,
} from './config/sessionRetentionConfig';
import { DEFAULT_HISTORY_ENTRIES, DEFAULT_HISTORY_SECONDS, demoCatalogue } from './rules/index';

/**
 * The demo credentials and app of {@link demoConfig}, printed by `ussdkit-sandbox` at start-up.
 *
 * @example
 * ```ts
 * fetch(`${sandbox.url}/client/info`, {
 *   headers: { 'X-Client-Id': DEMO.clientId, 'X-Client-Secret': DEMO.clientSecret },
 * });
 * ```
 */
export const DEMO = {
  clientId: 'demo-client',
  clientSecret: 'demo-secret',
  appId: 'demo-app',
  appCode: '1',
  appUrl: 'http://127.0.0.1:3000/ussd',
  authToken: 'demo-token',
} as const;

/**
 * The configuration used when none is given: one developer with every permission, one app
 * dialled as `*<mainCode>*1#`, and the demo catalogue (`demoCatalogue()` of
 * `@ussdkit/reference-server/rules`, which the msw handlers serve too): a static airtime-and-data
 * group with products of every amount source, a beneficiary-specific cable group and four
 * operator products.
 *
 * @example
 * ```ts
 * const config = demoConfig();
 * config.developers[0].callbackUrl = 'http://127.0.0.1:3001/callbacks';
 * const sandbox = await startSandbox({ config });
 * ```
 */
export function demoConfig(): SandboxConfig {
  return {
    sessionRetention: {
      endedSessions: DEFAULT_RETAINED_ENDED_SESSIONS,
      seconds: DEFAULT_ENDED_SESSION_SECONDS,
    },
    historyRetention: { entries: DEFAULT_HISTORY_ENTRIES, seconds: DEFAULT_HISTORY_SECONDS },
    allowedHosts: [],
    developers: [demoDeveloper()],
    apps: [demoApp()],
    catalogue: demoCatalogue(),
  };
}

/**
 * The demo developer (`demo-client` / `demo-secret`, every permission), a new object each call.
 *
 * @example
 * ```ts
 * const developer = { ...demoDeveloper(), balance: 0 };
 * ```
 */
export function demoDeveloper(): Developer {
  return {
    clientId: DEMO.clientId,
    clientSecret: DEMO.clientSecret,
    name: 'Demo Developer',
    balance: 1_000_000,
    virtualPurse: 10_000,
    feePerTick: 2,
    permissions: ['ACQUIRE', 'PUSH', 'RECOVERY', 'EMBEDDED_PROCESS'],
    msisdn: '+2348000000000',
    emailAddress: 'demo@example.com',
    country: 'NG',
  };
}

/**
 * The demo app (`demo-app`, dialled as `*<mainCode>*1#`, token `demo-token`), a new object each
 * call.
 *
 * @example
 * ```ts
 * const app = { ...demoApp(), url: 'http://127.0.0.1:3001/ussd' };
 * ```
 */
export function demoApp(): App {
  return {
    appId: DEMO.appId,
    clientId: DEMO.clientId,
    appCode: DEMO.appCode,
    url: DEMO.appUrl,
    authToken: DEMO.authToken,
    answerTimeoutMs: 5000,
    protocol: 'native',
  };
}
