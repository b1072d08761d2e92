/** One part of an app that a gateway cannot serve, and what to change. */
export interface UnsupportedFeature {
  /** The screen (its name) or the entry point (`entry.push`, `entry.redirect['id']`). */
  readonly where: string;
  /** The screen kind or entry kind: `merchantPayment`, `push`… */
  readonly kind: string;
  /** What to change, as a sentence. */
  readonly fix: string;
}

/**
 * Thrown when a gateway adapter is made for an app that uses what the provider has no
 * counterpart for: merchant payments, embedded processes, redirects between apps, push entries.
 * `features` lists every one, each with what to change.
 *
 * @example
 * ```ts
 * try {
 *   hubtel(app);
 * } catch (error) {
 *   if (error instanceof UnsupportedOnGatewayError) console.error(error.features);
 * }
 * ```
 */
export class UnsupportedOnGatewayError extends Error {
  override readonly name: string = 'UnsupportedOnGatewayError';

  constructor(
    /** The provider, as people write it. */
    readonly gateway: string,
    readonly features: readonly UnsupportedFeature[],
  ) {
    super(
      `This app cannot be served on ${gateway}, whose USSD API has no counterpart for:\n${features
        .map((feature) => `  - ${feature.where} (${feature.kind}): ${feature.fix}`)
        .join('\n')}`,
    );
  }
}
