import { DEMO, type RunningSandbox, startSandbox } from '@ussdkit/reference-server';
import { configFromEnv } from './config';
import { type RunningShop, startShop } from './server';

/** Ports of {@link startDemo}; 0 picks free ones. */
export interface DemoOptions {
  /** @defaultValue `4000` */
  readonly sandboxPort?: number;
  /** @defaultValue `3000` */
  readonly appPort?: number;
}

/** The running demo: the sandbox, the shop, and the URLs a newcomer needs. */
export interface RunningDemo {
  readonly sandbox: RunningSandbox;
  readonly shop: RunningShop;
  /** The web phone (the sandbox's `/`). */
  readonly webPhoneUrl: string;
  /** Where the gateway calls the shop. */
  readonly appUrl: string;
  /** Where the service sends the demo developer's callbacks. */
  readonly callbackUrl: string;
  /** Stops the shop, then the sandbox. */
  close(): Promise<void>;
}

async function patch(url: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`PATCH ${url}: ${response.status} ${await response.text()}`);
}

/**
 * What `pnpm start` runs: the sandbox with its demo configuration, and this shop as its demo app
 * `demo-app` (`*384*1#`). The app's URL is patched when the shop does not listen on the demo's
 * `http://127.0.0.1:3000/ussd`, and the demo developer's callback URL is pointed at the shop.
 *
 * @example
 * ```ts
 * const demo = await startDemo({ sandboxPort: 0, appPort: 0 });
 * console.log(demo.webPhoneUrl);
 * await demo.close();
 * ```
 */
export async function startDemo(options: DemoOptions = {}): Promise<RunningDemo> {
  const sandbox = await startSandbox({ port: options.sandboxPort ?? 4000 });
  try {
    const shop = await startShop({
      ...configFromEnv({}),
      serviceUrl: sandbox.url,
      port: options.appPort ?? 3000,
    });
    const appUrl = `${shop.url}/ussd`;
    const callbackUrl = `${shop.url}/callbacks`;
    try {
      if (appUrl !== DEMO.appUrl)
        await patch(`${sandbox.url}/sandbox/apps/${DEMO.appId}`, { url: appUrl });
      await patch(`${sandbox.url}/sandbox/developers/${DEMO.clientId}`, { callbackUrl });
    } catch (error) {
      await shop.close();
      throw error;
    }
    return {
      sandbox,
      shop,
      webPhoneUrl: `${sandbox.url}/`,
      appUrl,
      callbackUrl,
      close: async () => {
        await shop.close();
        await sandbox.close();
      },
    };
  } catch (error) {
    await sandbox.close();
    throw error;
  }
}
