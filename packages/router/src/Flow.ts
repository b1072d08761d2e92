import type { z } from 'zod';
import type { Awaitable, Context, Go, Route } from './Context';
import type { AnyScreen, ScreenBase } from './Screen';
import type { ScreenExtras, ScreenFactories } from './ScreenFactories';

/**
 * The target a flow's handler lists in `targets` when it may return to the caller with
 * `finish(result)`.
 *
 * @example
 * ```ts
 * pin: input({ text: 'PIN?', targets: ['retry', '@return'], next: (pin) => finish({ paid: true }) })
 * ```
 */
export type FlowReturnTarget = '@return';

/**
 * A flow made by {@link defineFlow}: screens with their own state, entered with params checked by
 * `params`, returning a result checked by `result`. Plain data: mount it in any app (`flows`).
 *
 * @example
 * ```ts
 * createApp({ state, start: 'menu', flows: { pay: confirmAndPay }, screens })
 * ```
 */
export interface Flow<Params extends z.ZodType = z.ZodType, Result extends z.ZodType = z.ZodType> {
  readonly kind: 'flow';
  readonly params: Params;
  readonly result: Result;
  /** The flow's own state schema: the state its handlers see. */
  readonly state: z.ZodType;
  /** The flow's state when it is entered, from its parsed params. */
  initialState(params: z.output<Params>): unknown;
  readonly start: string;
  readonly screens: Readonly<Record<string, AnyScreen>>;
  /** The flows this flow calls, by the names its `callFlow` screens use. */
  readonly flows: Readonly<Record<string, AnyFlow>>;
}

/**
 * Any flow, whatever its params and result.
 *
 * @example
 * ```ts
 * const flows: Record<string, AnyFlow> = { pay: confirmAndPay };
 * ```
 */
export type AnyFlow = Flow<z.ZodType, z.ZodType>;

/**
 * Flows mounted by name (`createApp({ flows })`, `defineFlow({ flows })`); a flow's screens
 * are named `<name>.<screen>` in the app's graph.
 *
 * @example
 * ```ts
 * const flows = { pay: confirmAndPay } satisfies FlowMounts;
 * ```
 */
export type FlowMounts = Readonly<Record<string, AnyFlow>>;

/**
 * No flows mounted (the default): `callFlow` then takes no name.
 *
 * @example
 * ```ts
 * const none: NoFlows = {};
 * ```
 */
export type NoFlows = Readonly<Record<never, AnyFlow>>;

/**
 * Options of a `callFlow` screen: enters the flow mounted as `flow` with `params`; when the flow
 * finishes, `next` receives its result with the caller's state, like the return of a function.
 *
 * @example
 * ```ts
 * callFlow({ flow: 'pay', params: (ctx) => ({ amount: ctx.state.amount }), targets: ['done'], next: (result, ctx) => ctx.go('done') })
 * ```
 */
export interface CallFlowOptions<
  S,
  T extends string,
  F extends AnyFlow,
  K extends string,
  L extends string = string,
> {
  /** The name the flow is mounted under. */
  readonly flow: K;
  /** The flow's params (checked by its `params` schema when the flow is entered). */
  readonly params:
    | z.input<F['params']>
    | ((ctx: Context<S, never, L>) => Awaitable<z.input<F['params']>>);
  /** Receives the flow's result (checked by its `result` schema). */
  readonly next: Route<S, T, z.output<F['result']>, L>;
}

/** A `callFlow` screen. */
export interface CallFlowScreen<S, T extends string, R = unknown, L extends string = string>
  extends ScreenBase<S, T, L> {
  readonly kind: 'callFlow';
  readonly flow: string;
  readonly params: unknown;
  readonly next: Route<S, T, R, L>;
}

/**
 * The `callFlow` factory, typed with the mounted flows: the name must be one of them, the params
 * are the flow's, and `next` receives the flow's result.
 *
 * @example
 * ```ts
 * screens: ({ callFlow, info }) => ({ pay: callFlow({ flow: 'pay', params: { amount: 500 }, next: 'thanks' }), thanks: info({ text: 'Thanks' }) })
 * ```
 */
export interface FlowCallFactory<S, Flows extends FlowMounts, L extends string = string> {
  callFlow<const K extends keyof Flows & string, const T extends string>(
    options: CallFlowOptions<S, T, Flows[K], K, L> & ScreenExtras<S, T, L>,
  ): CallFlowScreen<S, T, z.output<Flows[K]['result']>, L>;
}

/**
 * What a flow's `screens` receives besides the factories.
 *
 * @example
 * ```ts
 * screens: ({ input }, { finish }) => ({ pin: input({ text: 'PIN', targets: ['@return'], next: () => finish({ paid: false }) }) })
 * ```
 */
export interface FlowTools<R> {
  /**
   * Returns to the caller with `result` (checked by the flow's `result` schema): the caller's
   * `callFlow` screen's `next` receives it. List `'@return'` in the screen's `targets`.
   */
  finish(result: R): Go<FlowReturnTarget>;
}

/**
 * Everything `defineFlow` takes.
 *
 * @example
 * ```ts
 * defineFlow({ state: z.object({}), params: z.object({}), result: z.boolean(), start: 'ask', screens })
 * ```
 */
export interface FlowOptions<
  StateSchema extends z.ZodType,
  ParamsSchema extends z.ZodType,
  ResultSchema extends z.ZodType,
  Screens extends Record<string, AnyScreen>,
  Flows extends FlowMounts,
  Languages extends readonly [string, ...string[]],
> {
  /** The flow's own state: its handlers see this state, not the caller's. */
  readonly state: StateSchema;
  /** What the caller passes in. */
  readonly params: ParamsSchema;
  /** What the flow returns to the caller. */
  readonly result: ResultSchema;
  /** The state when the flow is entered. @defaultValue `{}` */
  readonly initialState?: ((params: z.output<ParamsSchema>) => z.input<StateSchema>) | undefined;
  /**
   * The language codes the flow's text records are checked against by the types.
   * @defaultValue any: the app checks every text in each of its languages at `createApp`
   */
  readonly languages?: Languages | undefined;
  /** Flows this flow calls itself (nested), by name. */
  readonly flows?: Flows | undefined;
  /** The flow's first screen. */
  readonly start: NoInfer<keyof Screens & string>;
  /** Declares the flow's screens; targets are the flow's own screen names and `'@return'`. */
  readonly screens: (
    factories: ScreenFactories<z.output<StateSchema>, Languages[number]> &
      FlowCallFactory<z.output<StateSchema>, Flows, Languages[number]>,
    tools: FlowTools<z.input<ResultSchema>>,
  ) => Screens;
}
