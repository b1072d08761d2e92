import type { MerchantPaymentOptions, MerchantPaymentScreen } from '../Screen';
import type { ScreenExtras } from '../ScreenFactories';

/**
 * Declares a merchant payment run by the gateway. `Success`, `Failure` (with its cause) and `Unknown` each need a route. The `operationId` is generated unless given.
 *
 * @example
 * ```ts
 * merchantPayment({ payment: (ctx) => ({ merchantCode: 'M1', amount: ctx.state.amount }),
 *   onSuccess: 'paid', onFailure: 'failed', onUnknown: 'pending' })
 * ```
 */
export function merchantPayment<S, const T extends string, L extends string = string>(
  options: MerchantPaymentOptions<S, T, L> & ScreenExtras<S, T, L>,
): MerchantPaymentScreen<S, T, L> {
  return { ...options, kind: 'merchantPayment' };
}
