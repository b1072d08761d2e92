import type { AppObserver } from './AppObserver';
import type { DispatchContext, DispatchResult, UssdEvent } from './Dispatch';
import type { Door } from './Door';
import type { FlowMounts } from './Flow';
import type { FlowGraph } from './FlowGraph';
import type { HandleResult } from './internal/door/httpResult';
import type { TextAnswer, TextContext, TextEvent } from './TextEvent';

export type { HandleResult } from './internal/door/httpResult';

/**
 * A request as {@link UssdApp.handle} takes it (the older way in; doors use `fetch`, `door` and
 * `dispatch`).
 *
 * @example
 * ```ts
 * await app.handle({ path: '/ussdSessionEvent/new', headers: req.headers, body: rawBody });
 * ```
 */
export interface HandleRequest {
  /** The path relative to where the app is mounted, e.g. `/ussdSessionEvent/new`. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The raw request body. */
  readonly body: string;
}

/**
 * A compiled app: one core that answers typed events (`dispatch`, `dispatchText`), the doors
 * over it (`fetch` for web runtimes, `door` for the Node bridge), and its inspectable flow.
 *
 * @example
 * ```ts
 * export default { fetch: app.fetch }; // a Cloudflare Worker, Bun.serve, Deno.serve
 * ```
 */
export interface UssdApp<Screens> {
  /**
   * Answers one parsed event of the native protocol: the caller checked (`context.authorization`
   * against `authToken`), then the session's screen. Resolves to a typed answer, never rejects;
   * no JSON is built or parsed. The harness and the explorer come in here.
   */
  dispatch(event: UssdEvent, context?: DispatchContext): Promise<DispatchResult>;
  /**
   * Answers one request of a text gateway (Africa's Talking, Hubtel, … through
   * `defineGateway`): the same sessions and store, the gateway's rules (re-asking a wrong menu
   * key, repeats, the end) applied once for every provider.
   */
  dispatchText(event: TextEvent, context?: TextContext): Promise<TextAnswer>;
  /**
   * The app as a web handler, `fetch(request, env?, ctx?)` (Hono, Cloudflare Workers, Bun,
   * Deno): path (any path ending in `/ussdSessionEvent/{new,continue,close,abort}`), token before
   * the body is read, content type, size, parse, dispatch, answer.
   */
  fetch(
    request: Request,
    env?: unknown,
    ctx?: { readonly waitUntil?: (work: Promise<unknown>) => void },
  ): Promise<Response>;
  /** The native protocol as a door, for the Node bridge (`toNodeHandler` of `@ussdkit/router/node`). */
  readonly door: Door;
  /** Answers one request given its body as a string; never throws. Kept for older adapters. */
  handle(request: HandleRequest): Promise<HandleResult>;
  /**
   * The checks `handle` makes before it reads the body: a path that is not one of the four
   * endpoints under the mount (404), a missing or wrong `Authorization` (401), a body not
   * declared JSON (415). The answer to give at once, or `undefined` when the request may go on.
   */
  precheck(head: Omit<HandleRequest, 'body'>): HandleResult | undefined;
  /** The declared screens. */
  readonly screens: Screens;
  /** The mounted flows, by name (their screens are in `graph` as `<name>.<screen>`). */
  readonly flows: FlowMounts;
  readonly graph: FlowGraph;
  /** The hash stored with each session; a session on another version restarts politely. */
  readonly flowVersion: string;
  /** The flow as a Mermaid flowchart. */
  toMermaid(): string;
  /** The app's language codes, the default first (`['en']` without `languages`). */
  readonly languages: readonly string[];
  /**
   * Watches the app from outside (see {@link AppObserver}); returns the function that stops it.
   * `onEvent` and `onError` still get everything.
   */
  observe(observer: AppObserver): () => void;
}
