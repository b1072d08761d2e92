/** How the tokens the sandbox generates start, so that its messages can tell them apart. */
export const GENERATED_TOKEN_PREFIX = 'sbx-';

/**
 * A new random app token (a v4 UUID from the platform's cryptographic generator, 122 random
 * bits, after {@link GENERATED_TOKEN_PREFIX}): what an app registered without `authToken` gets,
 * since the gateway sends a token with every request (spec: "Each request carries an
 * `Authorization` header").
 *
 * @example
 * ```ts
 * generateAuthToken(); // 'sbx-3f0c9b9e-5d7e-4a7b-9a51-2c0e6f1d8b42'
 * ```
 */
export function generateAuthToken(): string {
  return `${GENERATED_TOKEN_PREFIX}${globalThis.crypto.randomUUID()}`;
}

/**
 * True for a token made by {@link generateAuthToken} (or one chosen to look like it).
 *
 * @example
 * ```ts
 * isGeneratedAuthToken(generateAuthToken()); // true
 * ```
 */
export function isGeneratedAuthToken(token: string): boolean {
  return token.startsWith(GENERATED_TOKEN_PREFIX);
}
