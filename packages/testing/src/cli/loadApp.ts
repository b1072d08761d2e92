import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ExplorableApp, ExploreOptions } from '../explore/ExploreOptions';

/** What a module given to `ussdkit explore` exports. */
export interface LoadedModule {
  readonly app: ExplorableApp;
  readonly options: ExploreOptions;
}

const isApp = (value: unknown): value is ExplorableApp =>
  typeof value === 'object' &&
  value !== null &&
  'handle' in value &&
  'observe' in value &&
  'graph' in value;

/**
 * Imports the module and finds its app: the `app` export, else the default export; an
 * `exploreOptions` export, when there is one, gives {@link ExploreOptions} (stubs in `setup`,
 * `harness.authToken`, values for `inputs`). A TypeScript module needs a loader in the process
 * (`pnpm explore` runs under tsx), or Node's own type stripping.
 */
export async function loadApp(path: string, cwd: string): Promise<LoadedModule> {
  const url = pathToFileURL(resolve(cwd, path)).href;
  let module: Record<string, unknown>;
  try {
    module = (await import(url)) as Record<string, unknown>;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_UNKNOWN_FILE_EXTENSION' && /\.[cm]?tsx?$/.test(path)) {
      throw new Error(
        `cannot import ${path}: this Node cannot run TypeScript by itself; run the command under tsx (\`npx tsx node_modules/@ussdkit/testing/bin/ussdkit.js explore ${path}\`, or \`pnpm explore ${path}\` in the ussdkit repository) or point at the built JavaScript`,
      );
    }
    if (code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes(url)) {
      throw new Error(`cannot find the module ${path} (looked for ${resolve(cwd, path)})`);
    }
    throw error;
  }
  const app = isApp(module.app) ? module.app : isApp(module.default) ? module.default : undefined;
  if (app === undefined) {
    const names = Object.keys(module).join(', ') || 'nothing';
    throw new Error(
      `${path} exports no app: export the result of createApp as \`app\` or as the default export (it exports ${names})`,
    );
  }
  const options = (module.exploreOptions ?? {}) as ExploreOptions;
  return { app, options };
}
