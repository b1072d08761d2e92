/** Where the shop finds the service and how the gateway reaches it. */
export interface ShopConfig {
  /** Base URL of the service (the sandbox locally). @defaultValue `'http://127.0.0.1:4000'` */
  readonly serviceUrl: string;
  /** The developer's credentials. @defaultValue the sandbox demo's `demo-client` / `demo-secret` */
  readonly clientId: string;
  readonly clientSecret: string;
  /** This app's id at the service (used to push receipts). @defaultValue `'demo-app'` */
  readonly appId: string;
  /** The token the gateway sends as `Authorization`. @defaultValue `'demo-token'` */
  readonly authToken: string;
  /** The merchant code customers pay. @defaultValue `'SHOP-01'` */
  readonly merchantCode: string;
  /** Port to listen on; 0 picks a free one. @defaultValue `3000` */
  readonly port: number;
  /** Interface to listen on. @defaultValue `'127.0.0.1'` */
  readonly host: string;
}

/**
 * Reads the shop's configuration from environment variables, with the sandbox demo's values as
 * defaults: `USSDKIT_URL`, `USSDKIT_CLIENT_ID`, `USSDKIT_CLIENT_SECRET`, `APP_ID`,
 * `USSD_APP_TOKEN`, `MERCHANT_CODE`, `APP_PORT`, `APP_HOST`.
 *
 * @example
 * ```ts
 * const config = configFromEnv({ APP_PORT: '3100' });
 * config.port; // 3100
 * ```
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ShopConfig {
  return {
    serviceUrl: env.USSDKIT_URL ?? 'http://127.0.0.1:4000',
    clientId: env.USSDKIT_CLIENT_ID ?? 'demo-client',
    clientSecret: env.USSDKIT_CLIENT_SECRET ?? 'demo-secret',
    appId: env.APP_ID ?? 'demo-app',
    authToken: env.USSD_APP_TOKEN ?? 'demo-token',
    merchantCode: env.MERCHANT_CODE ?? 'SHOP-01',
    port: Number(env.APP_PORT ?? 3000),
    host: env.APP_HOST ?? '127.0.0.1',
  };
}
