import type { FlowCallFactory, FlowMounts } from '../Flow';

/**
 * The `callFlow` factory typed with the mounted `Flows`, for screens declared in other files
 * (`createApp` and `defineFlow` hand it to `screens` already).
 *
 * @example
 * ```ts
 * const { callFlow } = flowFactories<{ amount: number }, { pay: typeof confirmAndPay }>();
 * ```
 */
export function flowFactories<
  S,
  Flows extends FlowMounts,
  L extends string = string,
>(): FlowCallFactory<S, Flows, L> {
  return { callFlow: (options) => ({ ...options, kind: 'callFlow' }) };
}
