import { type UnsupportedFeature, UnsupportedOnGatewayError } from '@ussdkit/router/gateway';

export type { UnsupportedFeature } from '@ussdkit/router/gateway';

/**
 * Thrown by `africasTalking(app)` when the app uses what Africa's Talking's USSD API has no
 * counterpart for: merchant payments, embedded processes, redirects between apps, push entries.
 * `features` lists every one, each with what to change.
 *
 * @example
 * ```ts
 * try {
 *   africasTalking(app);
 * } catch (error) {
 *   if (error instanceof UnsupportedOnAfricasTalkingError) console.error(error.features);
 * }
 * ```
 */
export class UnsupportedOnAfricasTalkingError extends UnsupportedOnGatewayError {
  override readonly name = 'UnsupportedOnAfricasTalkingError';

  constructor(features: readonly UnsupportedFeature[]) {
    super("Africa's Talking", features);
  }
}
