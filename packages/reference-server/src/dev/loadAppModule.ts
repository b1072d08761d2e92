import { pathToFileURL } from 'node:url';
import { type DevApp, isDevApp } from './DevApp';

/**
 * Imports the app module afresh, with every file of the app it imports: tsx's `tsImport` loads
 * each call in a namespace of its own, so TypeScript runs without a build and an edited file is
 * read again (docs/decisions/0025-gateway-faults-and-dev.md). Resolves with its `app` export, or
 * else its default export; rejects with a sentence naming what to export.
 *
 * @example
 * ```ts
 * const app = await loadAppModule('/home/me/shop/src/app.ts');
 * ```
 */
export async function loadAppModule(file: string): Promise<DevApp> {
  const { tsImport } = await import('tsx/esm/api');
  const url = pathToFileURL(file).href;
  // The specifier is absolute, so the module is its own parent (no import.meta in the CJS build).
  const module = (await tsImport(url, url)) as Record<string, unknown>;
  const app =
    module.app ?? (module.default as { app?: unknown } | undefined)?.app ?? module.default;
  if (isDevApp(app)) return app;
  const exported = Object.keys(module).join(', ') || 'nothing';
  throw new Error(
    `${file} exports no app: export the app that createApp returns as \`app\` (export const app = createApp({...})) or as the default export (it exports ${exported})`,
  );
}
