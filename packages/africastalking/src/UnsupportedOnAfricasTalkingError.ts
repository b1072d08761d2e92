/** One part of an app that Africa's Talking cannot serve, and what to change. */
export interface UnsupportedFeature {
  /** The screen (its name) or the entry point (`entry.push`, `entry.redirect['id']`). */
  readonly where: string;
  /** The screen kind or entry kind: `merchantPayment`, `push`… */
  readonly kind: string;
  /** What to change, as a sentence. */
  readonly fix: string;
}

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
export class UnsupportedOnAfricasTalkingError extends Error {
  override readonly name = 'UnsupportedOnAfricasTalkingError';

  constructor(readonly features: readonly UnsupportedFeature[]) {
    super(
      `This app cannot be served on Africa's Talking, whose USSD API has no counterpart for:\n${features
        .map((feature) => `  - ${feature.where} (${feature.kind}): ${feature.fix}`)
        .join('\n')}`,
    );
  }
}
