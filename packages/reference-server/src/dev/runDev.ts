import { type FSWatcher, watch } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { generateAuthToken } from '../config/generateAuthToken';
import type { SandboxConfigInput } from '../config/SandboxConfig';
import { DEMO, demoConfig } from '../demoConfig';
import type { SessionReport } from '../gateway/index';
import { type RunningSandbox, startSandbox } from '../startSandbox';
import { captureRouterErrors } from './captureRouterErrors';
import type { DevApp } from './DevApp';
import { describeDevError } from './describeDevError';
import { devDefaults } from './devDefaults';
import { drawFlowMap } from './drawFlowMap';
import { loadAppModule } from './loadAppModule';
import type { FlowApp, FlowProblem } from './publishFlow';
import { serveDevApp } from './serveDevApp';

/** Options of {@link runDev}. */
export interface DevOptions {
  /** The app module: a file that exports the app as `app` or as its default export. */
  readonly module: string;
  /** The sandbox's TCP port; 0 picks a free one. @defaultValue 4000 */
  readonly port?: number;
  /** The interface the sandbox and the app listen on. @defaultValue `"127.0.0.1"` */
  readonly host?: string;
  /** The service's main code. @defaultValue `"384"` */
  readonly mainCode?: string;
  /** The app code: the app is dialled as `*<mainCode>*<appCode>#`. @defaultValue `"1"` */
  readonly appCode?: string;
  /**
   * The `Authorization` the app is handed with every event: the app's `authToken`, when it has
   * one. (Between the sandbox and dev's app server travels a random token of the run instead,
   * which the server checks before reading anything.)
   * @defaultValue `"demo-token"` (an app without `authToken` takes any)
   */
  readonly authToken?: string;
  /** The folder watched for changes. @defaultValue the module's folder */
  readonly watch?: string;
  /** Where `dev` writes what happens (reloads, errors with their screen and inputs). @defaultValue `console.error` */
  readonly log?: (text: string) => void;
  /**
   * Finds the app's problems, marked on the web phone's flow map (`ussdkit dev` passes the
   * explorer of `@ussdkit/testing`); run at start and after each reload.
   * @defaultValue none: the map shows the screens and arrows only
   */
  readonly explore?: (app: FlowApp) => Promise<readonly FlowProblem[]>;
}

/** A running `dev`: the sandbox (with the web phone) and the app it serves. */
export interface RunningDev {
  /** The sandbox's URL; the web phone is at `/`. */
  readonly url: string;
  /** The app's URL as the sandbox calls it. */
  readonly appUrl: string;
  /** What to dial, e.g. `*384*1#`. */
  readonly dial: string;
  /** How many times the module was loaded (1 at start). */
  readonly version: number;
  /** Loads the module again now (what a change of a watched file does). */
  reload(): Promise<void>;
  /** Stops watching, then stops the app and the sandbox. */
  close(): Promise<void>;
}

/** Files whose change reloads the app: code and JSON, outside node_modules and .git. */
function isSource(name: string): boolean {
  if (/(^|[\\/])(node_modules|\.git)([\\/]|$)/.test(name)) return false;
  return /\.(?:[cm]?[jt]s|tsx|jsx|json)$/.test(name);
}

/** Changes closer together than this are one reload (an editor writes a file in several steps). */
const SETTLE_MS = 100;

/**
 * `ussdkit dev`: starts the sandbox with the web phone, serves the module's app to it, watches
 * the module's folder and loads the app again on each change: a change applies from the next
 * dial while the sandbox and the web phone stay up. A module that fails to load leaves the last
 * good app in place. Each error the router reports is written with the screen the phone showed
 * and the customer's inputs (docs/dev.md).
 *
 * @example
 * ```ts
 * const dev = await runDev({ module: 'src/app.ts', port: 4000 });
 * console.log(`dial ${dev.dial} on ${dev.url}`);
 * ```
 */
export async function runDev(options: DevOptions): Promise<RunningDev> {
  const file = resolve(options.module);
  const host = options.host ?? '127.0.0.1';
  const mainCode = options.mainCode ?? devDefaults.mainCode;
  const appCode = options.appCode ?? devDefaults.appCode;
  const log = options.log ?? ((text: string) => console.error(text));
  // tsx writes inline source maps: stacks then point at the lines of the TypeScript files.
  process.setSourceMapsEnabled(true);
  let app: DevApp = await loadAppModule(file);
  let version = 1;
  let sandbox: RunningSandbox | undefined;
  const capture = captureRouterErrors();
  // Not the public demo token: a page or a process that knows it must not reach the app.
  const authToken = generateAuthToken();
  const server = await serveDevApp({
    current: () => app,
    host,
    authToken,
    appToken: options.authToken ?? devDefaults.authToken,
    notice: log,
    capture,
    async onErrors({ sessionId, errors }) {
      let report: SessionReport | undefined;
      if (sessionId !== undefined && sandbox !== undefined) {
        const answer = await fetch(
          `${sandbox.url}/sandbox/sessions/${encodeURIComponent(sessionId)}`,
        );
        if (answer.ok) report = (await answer.json()) as SessionReport;
      }
      for (const captured of errors) log(describeDevError(captured, report));
    },
  });
  const config: SandboxConfigInput = {
    ...demoConfig(),
    apps: [
      {
        appId: 'dev',
        clientId: DEMO.clientId,
        appCode,
        url: server.url,
        authToken,
      },
    ],
  };
  try {
    sandbox = await startSandbox({ port: options.port ?? 4000, host, mainCode, config, log });
  } catch (error) {
    await server.close();
    capture.stop();
    throw error;
  }

  const running = sandbox;
  const flowMap = drawFlowMap(running.url, options, log);
  await flowMap.follow(app);

  let reloading: Promise<void> = Promise.resolve();
  const reload = () => {
    reloading = reloading.then(async () => {
      try {
        app = await loadAppModule(file);
        version += 1;
        await flowMap.follow(app);
        log(
          `ussdkit dev: reloaded ${options.module} (version ${version}): it answers from the next dial`,
        );
      } catch (error) {
        const details = error instanceof Error ? (error.stack ?? error.message) : String(error);
        log(
          `ussdkit dev: ${options.module} did not load, the last version still answers:\n${details}`,
        );
      }
    });
    return reloading;
  };
  let timer: NodeJS.Timeout | undefined;
  const watcher: FSWatcher = watch(
    options.watch ?? dirname(file),
    { recursive: true },
    (_event, name) => {
      if (name !== null && !isSource(name)) return;
      clearTimeout(timer);
      timer = setTimeout(() => void reload(), SETTLE_MS);
    },
  );
  return {
    url: running.url,
    appUrl: server.url,
    dial: `*${mainCode}*${appCode}#`,
    get version() {
      return version;
    },
    reload,
    async close() {
      clearTimeout(timer);
      watcher.close();
      flowMap.stop();
      await running.close();
      await server.close();
      capture.stop();
    },
  };
}
