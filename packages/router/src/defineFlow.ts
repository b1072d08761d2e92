import type { z } from 'zod';
import type { TargetCheck } from './AppOptions';
import type { Flow, FlowMounts, FlowOptions, FlowReturnTarget, NoFlows } from './Flow';
import { FlowReturn } from './internal/engine/FlowReturn';
import type { AnyScreen } from './Screen';
import { screenFactories } from './ScreenFactories';
import { flowFactories } from './screens/callFlow';

/**
 * Declares a flow once, to mount in any app (`createApp({ flows: { pay: flow } })`) or flow: its
 * screens and its own state, entered by a `callFlow` screen with typed `params`, returning a
 * typed `result` with `finish(result)` to the call's `next`, like a function. Back from its
 * first screen goes to the caller's screen; home goes to the app's first screen. A `next` that
 * names no screen of the flow (nor `'@return'`) does not compile.
 *
 * @example
 * ```ts
 * const confirm = defineFlow({
 *   state: z.object({ amount: z.number() }),
 *   params: z.object({ amount: z.number() }),
 *   result: z.object({ ok: z.boolean() }),
 *   initialState: (params) => ({ amount: params.amount }),
 *   start: 'ask',
 *   screens: ({ chooser }, { finish }) => ({
 *     ask: chooser({
 *       title: (ctx) => `Pay NGN ${ctx.state.amount}?`,
 *       items: [{ label: 'Yes', value: true }, { label: 'No', value: false }],
 *       targets: ['@return'],
 *       next: (item) => finish({ ok: item.value === true }),
 *     }),
 *   }),
 * });
 * ```
 */
export function defineFlow<
  StateSchema extends z.ZodType,
  ParamsSchema extends z.ZodType,
  ResultSchema extends z.ZodType,
  Screens extends Record<string, AnyScreen>,
  Flows extends FlowMounts = NoFlows,
  const Languages extends readonly [string, ...string[]] = readonly [string],
>(
  options: FlowOptions<StateSchema, ParamsSchema, ResultSchema, Screens, Flows, Languages> &
    TargetCheck<Screens & { readonly [K in FlowReturnTarget]: AnyScreen }>,
): Flow<ParamsSchema, ResultSchema> {
  const screens = options.screens(
    {
      ...screenFactories<z.output<StateSchema>, Languages[number]>(),
      ...flowFactories<z.output<StateSchema>, Flows, Languages[number]>(),
    },
    { finish: (result) => new FlowReturn(result) as FlowReturn & { go: FlowReturnTarget } },
  );
  const initialState = options.initialState;
  return {
    kind: 'flow',
    params: options.params,
    result: options.result,
    state: options.state,
    initialState: (params) => (initialState === undefined ? {} : initialState(params)),
    start: options.start,
    screens,
    flows: options.flows ?? {},
  };
}
