import type { App } from '../config/appConfig';

/** Where the service keeps USSD apps, found by id or by app code. */
export interface AppRepository {
  get(appId: string): App | undefined;
  byCode(appCode: string): App | undefined;
  /** Adds or replaces an app (its app code may change). */
  put(app: App): void;
  list(): App[];
}

/**
 * Apps in a `Map` by app id, which is itself the repository (the msw handlers expose it as
 * `service.apps`), with an index by app code that `set` keeps too.
 *
 * @example
 * ```ts
 * const apps = memoryAppRepository();
 * apps.put({ appId: 'a', clientId: 'c', appCode: '7', url: 'http://127.0.0.1:3000', authToken: 't', answerTimeoutMs: 5000, protocol: 'native' });
 * apps.byCode('7')?.appId; // 'a'
 * ```
 */
export function memoryAppRepository(): AppRepository & Map<string, App> {
  return new AppMap();
}

class AppMap extends Map<string, App> implements AppRepository {
  readonly #byCode = new Map<string, App>();

  override set(appId: string, app: App): this {
    const old = this.get(appId);
    if (old !== undefined) this.#byCode.delete(old.appCode);
    this.#byCode.set(app.appCode, app);
    return super.set(appId, app);
  }

  byCode(appCode: string): App | undefined {
    return this.#byCode.get(appCode);
  }

  put(app: App): void {
    this.set(app.appId, app);
  }

  list(): App[] {
    return [...this.values()];
  }
}
