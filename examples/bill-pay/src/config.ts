/** Where Bill Pay finds the service, Redis and the airtime app. */
export interface BillPayConfig {
  /** Base URL of the service (the sandbox locally). @defaultValue `'http://127.0.0.1:4000'` */
  readonly serviceUrl: string;
  /** The developer's credentials. @defaultValue the sandbox demo's `demo-client` / `demo-secret` */
  readonly clientId: string;
  readonly clientSecret: string;
  /** The token the gateway sends as `Authorization`. @defaultValue `'bill-pay-token'` */
  readonly authToken: string;
  /** The app the "Buy airtime" item redirects to. @defaultValue `'demo-app'` (the airtime shop) */
  readonly airtimeAppId: string;
  /** Redis for the sessions. @defaultValue `'redis://127.0.0.1:6379'` */
  readonly redisUrl: string;
  /** Port to listen on; 0 picks a free one. @defaultValue `3001` */
  readonly port: number;
  /** Interface to listen on. @defaultValue `'127.0.0.1'` */
  readonly host: string;
}

/**
 * Reads Bill Pay's configuration from environment variables: `USSDKIT_URL`,
 * `USSDKIT_CLIENT_ID`, `USSDKIT_CLIENT_SECRET`, `USSD_APP_TOKEN`, `AIRTIME_APP_ID`, `REDIS_URL`,
 * `APP_PORT`, `APP_HOST`.
 *
 * @example
 * ```ts
 * const config = configFromEnv({ REDIS_URL: 'redis://127.0.0.1:6380' });
 * ```
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): BillPayConfig {
  return {
    serviceUrl: env.USSDKIT_URL ?? 'http://127.0.0.1:4000',
    clientId: env.USSDKIT_CLIENT_ID ?? 'demo-client',
    clientSecret: env.USSDKIT_CLIENT_SECRET ?? 'demo-secret',
    authToken: env.USSD_APP_TOKEN ?? 'bill-pay-token',
    airtimeAppId: env.AIRTIME_APP_ID ?? 'demo-app',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    port: Number(env.APP_PORT ?? 3001),
    host: env.APP_HOST ?? '127.0.0.1',
  };
}
