import { DEMO, type RunningSandbox, startSandbox } from '@ussdkit/reference-server';
import { configFromEnv } from '../../src/config';
import { type RunningShop, startShop } from '../../src/server';
import { sandboxCall } from './sandboxApi';

/** The sandbox and the shop registered on it as app `airtime-shop`, dialled `*384*7#`. */
export interface ShopOnSandbox {
  readonly sandbox: RunningSandbox;
  readonly shop: RunningShop;
  readonly appId: string;
  readonly dial: string;
  close(): Promise<void>;
}

/**
 * Starts a sandbox on a free port, the shop on another, registers the shop with the sandbox API
 * (`POST /sandbox/apps`) and points the demo developer's callbacks at it.
 */
export async function startShopOnSandbox(
  appId = 'airtime-shop',
  appCode = '7',
): Promise<ShopOnSandbox> {
  const sandbox = await startSandbox({ port: 0, quiet: true });
  const shop = await startShop({ ...configFromEnv({}), serviceUrl: sandbox.url, appId, port: 0 });
  const app = await sandboxCall<{ shortcode: string }>(sandbox.url, 'POST', '/sandbox/apps', {
    clientId: DEMO.clientId,
    appId,
    appCode,
    url: `${shop.url}/ussd`,
    authToken: DEMO.authToken,
  });
  await sandboxCall(sandbox.url, 'PATCH', `/sandbox/developers/${DEMO.clientId}`, {
    callbackUrl: `${shop.url}/callbacks`,
  });
  return {
    sandbox,
    shop,
    appId,
    dial: `*${app.shortcode}#`,
    close: async () => {
      await shop.close();
      await sandbox.close();
    },
  };
}
