import { DEMO, type RunningSandbox, startSandbox } from '@ussdkit/reference-server';
import { startTestRedis, type TestRedis } from '@ussdkit/testing/redis';
import {
  type RunningShop,
  configFromEnv as shopConfig,
  startShop,
} from '@ussdkit-examples/airtime-shop';
import { configFromEnv } from '../../src/config';
import { type RunningBillPay, startBillPay } from '../../src/server';
import { sandboxCall } from './sandboxApi';

/** Everything the tests talk to: Redis, the sandbox, the airtime shop and Bill Pay on it. */
export interface Apps {
  readonly redis: TestRedis;
  readonly sandbox: RunningSandbox;
  readonly shop: RunningShop;
  billPay: RunningBillPay;
  /** Bill Pay's short code, `*384*8#`. */
  readonly dial: string;
  /**
   * Stops Bill Pay and starts a new instance on the same port and Redis. (The same port: the
   * sandbox's gateway keeps calling the URL an app had when the session started.)
   */
  restartBillPay(): Promise<void>;
  close(): Promise<void>;
}

const BILL_PAY_TOKEN = 'bill-pay-token';

/**
 * Registers two apps with the sandbox API: the airtime shop (`airtime-shop`, `*384*7#`) and
 * Bill Pay (`bill-pay`, `*384*8#`), which redirects to the shop.
 */
export async function startApps(): Promise<Apps> {
  const redis = await startTestRedis();
  const sandbox = await startSandbox({ port: 0, quiet: true });
  const shop = await startShop({
    ...shopConfig({}),
    serviceUrl: sandbox.url,
    appId: 'airtime-shop',
    port: 0,
  });
  await sandboxCall(sandbox.url, 'POST', '/sandbox/apps', {
    clientId: DEMO.clientId,
    appId: 'airtime-shop',
    appCode: '7',
    url: `${shop.url}/ussd`,
    authToken: DEMO.authToken,
  });
  await sandboxCall(sandbox.url, 'PATCH', `/sandbox/developers/${DEMO.clientId}`, {
    callbackUrl: `${shop.url}/callbacks`,
  });
  const config = {
    ...configFromEnv({}),
    serviceUrl: sandbox.url,
    redisUrl: redis.url,
    airtimeAppId: 'airtime-shop',
    authToken: BILL_PAY_TOKEN,
    port: 0,
  };
  const billPay = await startBillPay(config);
  const app = await sandboxCall<{ shortcode: string }>(sandbox.url, 'POST', '/sandbox/apps', {
    clientId: DEMO.clientId,
    appId: 'bill-pay',
    appCode: '8',
    url: `${billPay.url}/ussd`,
    authToken: BILL_PAY_TOKEN,
  });
  const apps: Apps = {
    redis,
    sandbox,
    shop,
    billPay,
    dial: `*${app.shortcode}#`,
    async restartBillPay() {
      const { port } = apps.billPay;
      await apps.billPay.close();
      apps.billPay = await startBillPay({ ...config, port });
    },
    async close() {
      await apps.billPay.close();
      await shop.close();
      await sandbox.close();
      await redis.stop();
    },
  };
  return apps;
}
