/**
 * The contract tests' world: each provider's adapter serving its own contract app on a real
 * `node:http` server (through `toNodeHandler`), and the real reference server on loopback, which
 * calls each app with that provider's protocol. Everything after start-up goes over HTTP.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type SandboxConfigInput, startSandbox } from '@ussdkit/reference-server';
import { toNodeHandler } from '@ussdkit/router/node';
import { type SandboxApp, sandboxApp } from './sandboxApp';
import { ACCOUNT, type SandboxCase, sandboxCases, URL_SECRET } from './sandboxCases';
import { type SandboxPhone, sandboxPhone } from './sandboxPhone';

/** A developer other than {@link ACCOUNT}, registering the same URLs. */
export const INTRUDER = 'intruder';

/**
 * The app codes each provider's app is registered under: its own; with a wrong secret in the
 * URL; by {@link INTRUDER} (the right secret, another account).
 */
export const codesOf = ({ code }: SandboxCase) => ({
  ok: code,
  wrongSecret: code + 10,
  otherAccount: code + 20,
});

/** One provider's served app, its URL without the query. */
interface Served {
  readonly app: SandboxApp;
  readonly url: string;
  readonly server: Server;
}

async function serve(provider: SandboxCase): Promise<Served> {
  const app = sandboxApp();
  const server = createServer(toNodeHandler(provider.serve(app.app)));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { app, server, url: `http://127.0.0.1:${port}/ussd/${provider.protocol}` };
}

/** The developers, and each provider's app three times (see {@link codesOf}). */
function configOf(served: ReadonlyMap<SandboxCase, Served>): SandboxConfigInput {
  const developer = (clientId: string) => ({ clientId, clientSecret: `${clientId}-secret` });
  return {
    developers: [developer(ACCOUNT), developer(INTRUDER)],
    apps: [...served].flatMap(([provider, { url }]) => {
      const codes = codesOf(provider);
      const registered = (suffix: string, clientId: string, appCode: number, secret: string) => {
        const at = `${url}?secret=${secret}`;
        return {
          appId: `${provider.protocol}${suffix}`,
          clientId,
          appCode: String(appCode),
          url: at,
          protocol: provider.protocol,
          ...(provider.protocol === 'africastalking' ? { notificationsUrl: at } : {}),
        };
      };
      return [
        registered('', ACCOUNT, codes.ok, URL_SECRET),
        registered('-wrong-secret', ACCOUNT, codes.wrongSecret, 'not-the-secret'),
        registered('-other-account', INTRUDER, codes.otherAccount, URL_SECRET),
      ];
    }),
  };
}

/** The running world. */
export interface SandboxWorld {
  readonly phone: SandboxPhone;
  /** The contract app a provider's adapter serves. */
  appOf(provider: SandboxCase): SandboxApp;
  close(): Promise<void>;
}

/** Serves every provider's app, then starts the sandbox that registers them. */
export async function startSandboxWorld(): Promise<SandboxWorld> {
  const served = new Map<SandboxCase, Served>();
  for (const provider of sandboxCases) served.set(provider, await serve(provider));
  const sandbox = await startSandbox({ port: 0, quiet: true, config: configOf(served) });
  return {
    phone: sandboxPhone(sandbox.url),
    appOf: (provider) => {
      const found = served.get(provider);
      if (found === undefined) throw new Error(`${provider.title} is not served`);
      return found.app;
    },
    close: async () => {
      await sandbox.close();
      for (const { server } of served.values()) {
        server.closeAllConnections();
        server.close();
        await once(server, 'close');
      }
    },
  };
}
