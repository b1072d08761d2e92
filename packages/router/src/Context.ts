import type { Localized } from './Translations';

/**
 * A value or a promise of it: handlers may be sync or async.
 *
 * @example
 * ```ts
 * const load = (): Awaitable<string> => 'now';
 * ```
 */
export type Awaitable<T> = T | Promise<T>;

/**
 * How the session started, as the handlers see it.
 *
 * @example
 * ```ts
 * if (ctx.start.type === 'Dial') console.log(ctx.start.segments);
 * ```
 */
export type SessionStart =
  | {
      readonly type: 'Dial';
      /** The whole dialled string, e.g. `*384*12*5#`. */
      readonly shortcodeString: string;
      /** Extra segments after the app code, e.g. `['5']` for `*384*12*5#`. */
      readonly segments: readonly string[];
    }
  | { readonly type: 'Push'; readonly contextData: string }
  | {
      readonly type: 'Redirect';
      readonly processId: string | undefined;
      readonly params: Readonly<Record<string, string>>;
    };

/**
 * The target a handler chose, made by {@link Context.go}.
 *
 * @example
 * ```ts
 * next: (value, ctx) => ctx.go('confirm') // a Go<'confirm'>
 * ```
 */
export interface Go<T extends string> {
  readonly go: T;
}

/**
 * What every text function and handler receives: the typed session state (mutable: changes are
 * saved after the handler), who is calling, how the session started, and its language. `L` is
 * the union of the app's language codes (`createApp({ languages })`).
 *
 * @example
 * ```ts
 * next: (amount, ctx) => { ctx.state.amount = amount; return ctx.go('confirm'); }
 * ```
 */
export interface Context<S, T extends string = never, L extends string = string> {
  /** The session state; assign to it, it is validated and saved after the handler. */
  state: S;
  readonly sessionId: string;
  /** The caller's number as the gateway sent it. */
  readonly msisdn: string;
  readonly operator: string;
  readonly start: SessionStart;
  /**
   * The session's language, one of the app's `languages`: the one `language(event)` picked when
   * the session started (else the first listed), or the last one given to `setLanguage`. Kept
   * with the session, on every store.
   */
  readonly language: L;
  /**
   * Switches the session to another of the app's languages from the next screen on: the screen
   * a handler goes to is shown in it, and so is every screen after, until the session ends. A
   * code that is not one of the app's `languages` throws an `UnknownLanguageError`.
   */
  setLanguage(language: L): void;
  /**
   * Aborted when the event passes `deadlineMs` (the customer is then answered without this
   * handler), with a `TimeoutError`: give it to slow calls (`fetch(url, { signal: ctx.signal })`)
   * so that they stop. Never aborted while the event is on time.
   */
  readonly signal: AbortSignal;
  /** Names the next screen; only the screen's declared `targets` compile. */
  go<K extends T>(target: K): Go<K>;
}

/**
 * A text: static, or computed from the session when the screen is shown, by a sync or async
 * function. Either may be a string or a record with one string per language of the app
 * ({@link Localized}): the router shows the session's language. An async text runs within the
 * event's `deadlineMs`, like a handler; one that throws or rejects answers `messages.unavailable`
 * and reaches `onError`.
 *
 * @example
 * ```ts
 * text: async (ctx) => `Balance: ${await balanceOf(ctx.msisdn)} NGN`
 * ```
 */
export type Text<S, L extends string = string> =
  | Localized<L>
  | ((ctx: Context<S, never, L>) => Awaitable<Localized<L>>);

/**
 * A handler that picks the next screen among the declared `targets`.
 *
 * @example
 * ```ts
 * next: async (amount, ctx) => ctx.go(amount > 1000 ? 'confirm' : 'pay')
 * ```
 */
export type Handler<S, T extends string, A, L extends string = string> = (
  arg: A,
  ctx: Context<S, NoInfer<T>, L>,
) => Awaitable<Go<NoInfer<T>>>;

/**
 * Where to go next: a screen name, or a handler returning `ctx.go(name)` (then list the names it
 * may return in the screen's `targets`).
 *
 * @example
 * ```ts
 * next: 'confirm' // or (value, ctx) => ctx.go('confirm') with targets: ['confirm']
 * ```
 */
export type Route<S, T extends string, A, L extends string = string> = T | Handler<S, T, A, L>;
