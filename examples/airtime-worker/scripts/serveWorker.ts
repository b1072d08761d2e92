import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { readWranglerConfig } from './wranglerConfig';

/** The Worker served by workerd on loopback. */
export interface RunningWorker {
  /** e.g. `http://127.0.0.1:8787`; the USSD app is under `/ussd`. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Options of {@link serveWorker}. */
export interface ServeWorkerOptions {
  /** 0 picks a free port. @defaultValue `0` */
  readonly port?: number;
  /** The token the gateway must send. @defaultValue `'airtime-worker-token'` */
  readonly authToken?: string;
  /**
   * A folder where the Durable Objects keep their storage, so that sessions outlive a restart
   * of the Worker (as they do on Cloudflare). @defaultValue in memory
   */
  readonly persistTo?: string;
}

const root = join(import.meta.dirname, '..');

/**
 * Bundles `src/worker.ts` as wrangler would (one ES module, every import inlined) and serves it
 * with Miniflare's workerd, with wrangler.toml's compatibility date and Durable Object binding:
 * what `wrangler dev --local` does, without wrangler or a network.
 *
 * @example
 * ```ts
 * const worker = await serveWorker({ port: 8787 });
 * ```
 */
export async function serveWorker(options: ServeWorkerOptions = {}): Promise<RunningWorker> {
  const config = readWranglerConfig();
  const folder = mkdtempSync(join(tmpdir(), 'airtime-worker-'));
  const scriptPath = join(folder, 'worker.mjs');
  await build({
    entryPoints: [join(root, config.main)],
    outfile: scriptPath,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    mainFields: ['module', 'main'],
    // `@ussdkit/source`: the workspace's packages from their sources, without a build.
    conditions: ['@ussdkit/source', 'workerd', 'worker', 'import', 'default'],
    logLevel: 'warning',
  });
  const mf = new Miniflare({
    name: config.name,
    modules: true,
    scriptPath,
    modulesRoot: folder,
    compatibilityDate: config.compatibilityDate,
    compatibilityFlags: [...config.compatibilityFlags],
    durableObjects: Object.fromEntries(
      Object.entries(config.durableObjects).map(([binding, className]) => [
        binding,
        { className, useSQLite: true },
      ]),
    ),
    durableObjectsPersist: options.persistTo ?? false,
    bindings: { USSD_APP_TOKEN: options.authToken ?? 'airtime-worker-token' },
    host: '127.0.0.1',
    port: options.port ?? 0,
    // No request.cf: Miniflare would fetch it from Cloudflare.
    cf: false,
  });
  const url = await mf.ready;
  return {
    url: url.origin,
    port: Number(url.port),
    async close() {
      await mf.dispose();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
