import type { App } from '../config/appConfig';

/** Where the sandbox keeps USSD apps, found by id or by app code. */
export interface AppRepository {
  get(appId: string): App | undefined;
  byCode(appCode: string): App | undefined;
  /** Adds or replaces an app (its app code may change). */
  put(app: App): void;
  list(): App[];
}

/**
 * Apps in a `Map`, with an index by app code.
 *
 * @example
 * ```ts
 * const apps = memoryAppRepository();
 * apps.put({ appId: 'a', clientId: 'c', appCode: '7', url: 'http://127.0.0.1:3000', answerTimeoutMs: 5000 });
 * apps.byCode('7')?.appId; // 'a'
 * ```
 */
export function memoryAppRepository(): AppRepository {
  const byId = new Map<string, App>();
  const byCode = new Map<string, App>();
  return {
    get: (appId) => byId.get(appId),
    byCode: (appCode) => byCode.get(appCode),
    put: (app) => {
      const old = byId.get(app.appId);
      if (old) byCode.delete(old.appCode);
      byId.set(app.appId, app);
      byCode.set(app.appCode, app);
    },
    list: () => [...byId.values()],
  };
}
