import type { ExecutionMode, MerchantPaymentFailureCause, PaymentMode } from '@ussdkit/protocol';
import type { z } from 'zod';
import type { Awaitable, Context, Route, Text } from './Context';
import type { CallFlowScreen } from './Flow';
import type { Localized } from './Translations';

declare const targetsBrand: unique symbol;

/** The kinds of screen, one per factory. */
export type ScreenKind =
  | 'input'
  | 'chooser'
  | 'info'
  | 'merchantPayment'
  | 'embeddedProcess'
  | 'redirect'
  | 'returnFromRedirect'
  | 'legacyAppRedirect'
  | 'callFlow';

/**
 * What every screen has. `T` is the union of screen names it may lead to (checked by
 * `createApp`), `L` the union of the app's language codes.
 */
export interface ScreenBase<S, T extends string, L extends string = string> {
  readonly kind: ScreenKind;
  /** Shown in billing; a newer tag replaces the older one. */
  readonly sessionTag?: Text<S, L> | undefined;
  /** The screens a handler may return, for the type checker and the graph. */
  readonly targets?: readonly T[] | undefined;
  /** @internal carries `T` for the type checker only; never set. */
  readonly [targetsBrand]?: T;
}

/** Any screen, whatever its state and targets. */
export type AnyScreen = { readonly kind: ScreenKind };

/**
 * Options of an `input` screen (an InputView).
 *
 * @example
 * ```ts
 * input({ text: 'PIN?', secret: true, validate: z.string().regex(/^\d{4}$/), next: 'pay' })
 * ```
 */
export interface InputOptions<S, T extends string, O, L extends string = string> {
  /**
   * The prompt. A computed one longer than the screen is shown in pages: `98` (the `more` key)
   * for the next page, the back key for the previous one; an answer typed on any page is taken
   * as the answer.
   */
  readonly text: Text<S, L>;
  /**
   * A zod schema (its output is given to `next`) or a function returning an error message for
   * invalid input (`undefined` when valid). A schema's own messages are shown as written; where it
   * has none, the customer sees the router's `messages` (`notANumber`, `tooSmall`…), not zod's.
   */
  readonly validate?:
    | z.ZodType<O>
    | ((value: string, ctx: Context<S, never, L>) => Awaitable<Localized<L> | undefined>)
    | undefined;
  /** Redacts the typed value from `onEvent` (PINs, passwords). @defaultValue false */
  readonly secret?: boolean | undefined;
  /** Invalid inputs allowed before `onTooManyAttempts`. @defaultValue unlimited */
  readonly maxAttempts?: number | undefined;
  /** Where to go after `maxAttempts` invalid inputs; without it the session ends politely. */
  readonly onTooManyAttempts?: T | undefined;
  /** Whether typing the back/home keys navigates. @defaultValue true */
  readonly navigation?: boolean | undefined;
  readonly next: Route<S, T, O, L>;
}

/** An `input` screen. */
export interface InputScreen<S, T extends string, O = string, L extends string = string>
  extends ScreenBase<S, T, L>,
    InputOptions<S, T, O, L> {
  readonly kind: 'input';
}

/**
 * One item of a chooser. `key` defaults to its position (1, 2, …, skipping navigation keys).
 *
 * @example
 * ```ts
 * { key: '9', label: 'Help', next: 'help' }
 * ```
 */
export interface ChooserItem<T extends string, V, L extends string = string> {
  readonly key?: string | undefined;
  readonly label: Localized<L>;
  /** Any JSON value, given back to the handler when the item is chosen. */
  readonly value?: V | undefined;
  /** Where this item leads; otherwise the chooser's `next`. */
  readonly next?: T | undefined;
}

/**
 * The item the customer picked, as the chooser's `next` handler receives it.
 *
 * @example
 * ```ts
 * next: (item, ctx) => { ctx.state.sku = item.value?.sku; return ctx.go('confirm'); }
 * ```
 */
export interface ChosenItem<V> {
  readonly key: string;
  /** The label as the customer saw it, in the session's language. */
  readonly label: string;
  readonly value: V | undefined;
  /** Position in the whole list, from 0. */
  readonly index: number;
}

/**
 * Options of a `chooser` screen (a ChooserView, paginated when long).
 *
 * @example
 * ```ts
 * chooser({ title: 'Bundles', items: async () => loadBundles(), targets: ['buy'], next: (item, ctx) => ctx.go('buy') })
 * ```
 */
export interface ChooserOptions<S, T extends string, V, L extends string = string> {
  /** A computed title too long for any page is cut (ending `...`) and reported. */
  readonly title: Text<S, L>;
  /** Static items, or computed when shown (then stored with the session until chosen). */
  readonly items:
    | readonly ChooserItem<T, V, L>[]
    | ((ctx: Context<S, never, L>) => Awaitable<readonly ChooserItem<never, V, L>[]>);
  /** Between key and label. @defaultValue `". "` */
  readonly separator?: string | undefined;
  /** Whether back/home items are added. @defaultValue true */
  readonly navigation?: boolean | undefined;
  /** Where an item without its own `next` leads. */
  readonly next?: Route<S, T, ChosenItem<V>, L> | undefined;
}

/** A `chooser` screen. */
export interface ChooserScreen<S, T extends string, V = undefined, L extends string = string>
  extends ScreenBase<S, T, L>,
    ChooserOptions<S, T, V, L> {
  readonly kind: 'chooser';
}

/**
 * Options of an `info` screen (an InfoView: the session ends).
 *
 * @example
 * ```ts
 * info({ text: 'Thank you!' })
 * ```
 */
export interface InfoOptions<S, L extends string = string> {
  /**
   * The final text. A computed one longer than the screen is shown in pages: `98` (the `more`
   * key) for the next page, the back key for the previous one; the last page ends the session.
   */
  readonly text: Text<S, L>;
}

/** An `info` screen. */
export interface InfoScreen<S, L extends string = string>
  extends ScreenBase<S, never, L>,
    InfoOptions<S, L> {
  readonly kind: 'info';
}

/**
 * What a merchant payment asks the gateway to run.
 *
 * @example
 * ```ts
 * payment: (ctx) => ({ merchantCode: 'SHOP', amount: ctx.state.amount, paymentMode: { type: 'FixedBank', bank: '058' } })
 * ```
 */
export interface PaymentRequest {
  readonly merchantCode: string;
  /** Naira, at most two decimals. */
  readonly amount: number;
  /** @defaultValue `{ type: 'Flexible' }` */
  readonly paymentMode?: PaymentMode | undefined;
  readonly executionMode?: ExecutionMode | undefined;
  /** @defaultValue a generated `crypto.randomUUID()` */
  readonly operationId?: string | undefined;
}

/**
 * What a merchant payment outcome handler receives.
 *
 * @example
 * ```ts
 * onSuccess: (outcome, ctx) => { ctx.state.paid = outcome.operationId; return ctx.go('done'); }
 * ```
 */
export interface PaymentOutcome {
  readonly operationId: string;
}

/**
 * Options of a `merchantPayment` screen: every outcome must be handled.
 *
 * @example
 * ```ts
 * merchantPayment({ payment: { merchantCode: 'M', amount: 500 }, onSuccess: 'paid', onFailure: 'failed', onUnknown: 'pending' })
 * ```
 */
export interface MerchantPaymentOptions<S, T extends string, L extends string = string> {
  readonly payment: PaymentRequest | ((ctx: Context<S, never, L>) => Awaitable<PaymentRequest>);
  readonly onSuccess: Route<S, T, PaymentOutcome, L>;
  readonly onFailure: Route<
    S,
    T,
    PaymentOutcome & { readonly cause: MerchantPaymentFailureCause },
    L
  >;
  /** The result is not known during the session; the final one comes in the callback. */
  readonly onUnknown: Route<S, T, PaymentOutcome, L>;
}

/** A `merchantPayment` screen. */
export interface MerchantPaymentScreen<S, T extends string, L extends string = string>
  extends ScreenBase<S, T, L>,
    MerchantPaymentOptions<S, T, L> {
  readonly kind: 'merchantPayment';
}

/**
 * String params of a process.
 *
 * @example
 * ```ts
 * const params: Params = { ref: 'A1' };
 * ```
 */
export type Params = Readonly<Record<string, string>>;

/**
 * Options of an `embeddedProcess` screen.
 *
 * @example
 * ```ts
 * embeddedProcess({ processId: 'kyc', params: { level: '1' }, next: 'done' })
 * ```
 */
export interface EmbeddedProcessOptions<S, T extends string, L extends string = string> {
  readonly processId: string;
  readonly params?: Params | ((ctx: Context<S, never, L>) => Awaitable<Params>) | undefined;
  /** Receives the process's `resultParams`. */
  readonly next: Route<S, T, Params, L>;
}

/** An `embeddedProcess` screen. */
export interface EmbeddedProcessScreen<S, T extends string, L extends string = string>
  extends ScreenBase<S, T, L>,
    EmbeddedProcessOptions<S, T, L> {
  readonly kind: 'embeddedProcess';
}

/**
 * Options of a `redirect` screen (hand the session to another app).
 *
 * @example
 * ```ts
 * redirect({ destinationAppId: 'bills', onReturn: 'menu' })
 * ```
 */
export interface RedirectOptions<S, T extends string, L extends string = string> {
  readonly destinationAppId: string;
  readonly process?:
    | { readonly id: string; readonly params?: Params | undefined }
    | ((
        ctx: Context<S, never, L>,
      ) => Awaitable<{ readonly id: string; readonly params?: Params | undefined }>)
    | undefined;
  /** Receives the `resultParams` when the other app returns (`ReturnFromRedirectResult`). */
  readonly onReturn: Route<S, T, Params, L>;
}

/** A `redirect` screen. */
export interface RedirectScreen<S, T extends string, L extends string = string>
  extends ScreenBase<S, T, L>,
    RedirectOptions<S, T, L> {
  readonly kind: 'redirect';
}

/**
 * Options of a `returnFromRedirect` screen (give control back to the app that redirected here).
 *
 * @example
 * ```ts
 * returnFromRedirect({ resultParams: { status: 'ok' } })
 * ```
 */
export interface ReturnFromRedirectOptions<S, L extends string = string> {
  readonly resultParams: Params | ((ctx: Context<S, never, L>) => Awaitable<Params>);
}

/** A `returnFromRedirect` screen. */
export interface ReturnFromRedirectScreen<S, L extends string = string>
  extends ScreenBase<S, never, L>,
    ReturnFromRedirectOptions<S, L> {
  readonly kind: 'returnFromRedirect';
}

/**
 * Options of a `legacyAppRedirect` screen (hand the session to a legacy USSD app, upstream 1.6.4's
 * `LegacyAppRedirect` action). Nothing comes back: like `info`, it leads nowhere.
 *
 * @example
 * ```ts
 * legacyAppRedirect({ uri: 'https://legacy.example.com/ussd' })
 * ```
 */
export interface LegacyAppRedirectOptions<S, L extends string = string> {
  /** The legacy USSD app's URL, static or computed when the screen is shown (one per language, if you like). */
  readonly uri: Text<S, L>;
}

/** A `legacyAppRedirect` screen. */
export interface LegacyAppRedirectScreen<S, L extends string = string>
  extends ScreenBase<S, never, L>,
    LegacyAppRedirectOptions<S, L> {
  readonly kind: 'legacyAppRedirect';
}

/** Any screen of state `S` (and languages `L`). */
export type Screen<S, T extends string = string, L extends string = string> =
  | InputScreen<S, T, unknown, L>
  | ChooserScreen<S, T, unknown, L>
  | InfoScreen<S, L>
  | MerchantPaymentScreen<S, T, L>
  | EmbeddedProcessScreen<S, T, L>
  | RedirectScreen<S, T, L>
  | ReturnFromRedirectScreen<S, L>
  | LegacyAppRedirectScreen<S, L>
  | CallFlowScreen<S, T, unknown, L>;

/**
 * The screen names a screen may lead to. `undefined` is dropped: without
 * `exactOptionalPropertyTypes`, the optional brand's type carries it.
 */
export type TargetsOf<X> = X extends { readonly [targetsBrand]?: infer T }
  ? Exclude<T, undefined>
  : never;
