/**
 * What `ussdkit-sandbox dev` serves: an `@ussdkit/router` app (what `createApp` returns), whose
 * `fetch` the dev server calls with each event as a web `Request`, or anything with the older
 * `handle` shape (one event path, headers and JSON text in, a status and a body out).
 *
 * @example
 * ```ts
 * const app: DevApp = createApp({ state, start: 'menu', screens });
 * ```
 */
export type DevApp =
  | { fetch(request: Request): Promise<Response> }
  | {
      handle(request: {
        readonly path: string;
        readonly headers: Readonly<Record<string, string | undefined>>;
        readonly body: string;
      }): Promise<{
        readonly status: number;
        readonly body?: unknown;
        readonly headers?: Readonly<Record<string, string>>;
      }>;
    };

/** Whether a module export can be served as a {@link DevApp}. */
export function isDevApp(value: unknown): value is DevApp {
  return (
    typeof value === 'object' &&
    value !== null &&
    (typeof (value as { fetch?: unknown }).fetch === 'function' ||
      typeof (value as { handle?: unknown }).handle === 'function')
  );
}
