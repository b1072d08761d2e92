import { resolve } from 'node:path';
import type { ExplorableApp, ExploreOptions } from '../explore/ExploreOptions';

/** What a module given to `ussdkit explore` exports. */
export interface LoadedModule {
  readonly app: ExplorableApp;
  readonly options: ExploreOptions;
}

/** Whether a module's export is an app the explorer can walk (a `@ussdkit/router` app). */
export const isApp = (value: unknown): value is ExplorableApp =>
  typeof value === 'object' &&
  value !== null &&
  'handle' in value &&
  'observe' in value &&
  'graph' in value;

/**
 * Imports the module exactly as `ussdkit dev` does (`importModule` of
 * `@ussdkit/reference-server/dev`: tsx, so a `.ts` file runs on any supported Node without a
 * build) and finds its app: the `app` export, else the default export; an `exploreOptions`
 * export, when there is one, gives {@link ExploreOptions} (stubs in `setup`,
 * `harness.authToken`, values for `inputs`).
 */
export async function loadApp(path: string, cwd: string): Promise<LoadedModule> {
  const { importModule } = await import('@ussdkit/reference-server/dev');
  let module: Record<string, unknown>;
  try {
    module = await importModule(resolve(cwd, path));
  } catch (error) {
    if (String((error as Error).message).startsWith('cannot find the module ')) {
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
