/**
 * What `ussdkit-sandbox dev` serves: an `@ussdkit/router` app (what `createApp` returns), or
 * anything with the same `handle`: one event path, headers and JSON text in, a status and a
 * body out, with the answer's headers when it has some (`Ussdkit-Input: secret` on a screen that
 * asks a secret, which the sandbox then masks).
 *
 * @example
 * ```ts
 * const app: DevApp = createApp({ state, start: 'menu', screens });
 * ```
 */
export interface DevApp {
  handle(request: {
    readonly path: string;
    readonly headers: Readonly<Record<string, string | undefined>>;
    readonly body: string;
  }): Promise<{
    readonly status: number;
    readonly body?: unknown;
    readonly headers?: Readonly<Record<string, string>>;
  }>;
}

/** Whether a module export can be served as a {@link DevApp}. */
export function isDevApp(value: unknown): value is DevApp {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { handle?: unknown }).handle === 'function'
  );
}
