import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { type DevApp, isDevApp } from './DevApp';

/**
 * Imports a module of the user's as `ussdkit dev` and `ussdkit explore` do, TypeScript or
 * JavaScript, afresh with every file of the app it imports: tsx's `tsImport` loads each call in a
 * namespace of its own, so TypeScript runs without a build on any supported Node and an edited
 * file is read again (docs/decisions/0025-gateway-faults-and-dev.md). Rejects with a sentence
 * naming the path when there is no such file.
 *
 * @example
 * ```ts
 * const module = await importModule('/home/me/shop/src/dev.ts');
 * ```
 */
export async function importModule(file: string): Promise<Record<string, unknown>> {
  if (!existsSync(file)) throw new Error(`cannot find the module ${file}`);
  const { tsImport } = await import('tsx/esm/api');
  const url = pathToFileURL(file).href;
  // The specifier is absolute, so the module is its own parent (no import.meta in the CJS build).
  return (await tsImport(url, url)) as Record<string, unknown>;
}

/**
 * Imports the app module afresh ({@link importModule}) and resolves with its `app` export, or
 * else its default export; rejects with a sentence naming what to export.
 *
 * @example
 * ```ts
 * const app = await loadAppModule('/home/me/shop/src/app.ts');
 * ```
 */
export async function loadAppModule(file: string): Promise<DevApp> {
  const module = await importModule(file);
  const app =
    module.app ?? (module.default as { app?: unknown } | undefined)?.app ?? module.default;
  if (isDevApp(app)) return app;
  const exported = Object.keys(module).join(', ') || 'nothing';
  throw new Error(
    `${file} exports no app: export the app that createApp returns as \`app\` (export const app = createApp({...})) or as the default export (it exports ${exported})`,
  );
}
