import { DEMO, demoConfig, type RunningSandbox, startSandbox } from '@ussdkit/reference-server';
import { listen } from './listen.js';
import { createServer } from './server.js';

/** Ports of {@link startDev}; 0 picks free ones. */
export interface DevOptions {
  /** Default 3000. */
  readonly appPort?: number;
  /** Default 4000. */
  readonly sandboxPort?: number;
  /** No sandbox log lines (for tests). Default false. */
  readonly quiet?: boolean;
}

/** The app and the sandbox, running. */
export interface RunningDev {
  readonly sandbox: RunningSandbox;
  /** Where the app listens, e.g. `http://127.0.0.1:3000`; the gateway calls `${appUrl}/ussd`. */
  readonly appUrl: string;
  /** The web phone: dial `*384*1#` there. */
  readonly webPhoneUrl: string;
  /** Stops the app, then the sandbox. */
  close(): Promise<void>;
}

/**
 * What `npm run dev` runs: the app, and the sandbox (the USSD service on your machine, from
 * @ussdkit/reference-server) with the app registered as its demo app, dialled `*384*1#`.
 */
export async function startDev(options: DevOptions = {}): Promise<RunningDev> {
  const listening = await listen(
    createServer({ authToken: DEMO.authToken }),
    options.appPort ?? 3000,
    '127.0.0.1',
  );
  const appUrl = `http://127.0.0.1:${listening.port}`;
  const config = demoConfig();
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox({
      port: options.sandboxPort ?? 4000,
      quiet: options.quiet ?? false,
      config: {
        ...config,
        apps: config.apps.map((app) =>
          app.appId === DEMO.appId ? { ...app, url: `${appUrl}/ussd` } : app,
        ),
      },
    });
  } catch (error) {
    await listening.close();
    throw error;
  }
  return {
    sandbox,
    appUrl,
    webPhoneUrl: `${sandbox.url}/`,
    close: async () => {
      await listening.close();
      await sandbox.close();
    },
  };
}
