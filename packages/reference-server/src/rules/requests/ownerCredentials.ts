import { RuleError } from './RuleError';

/** What {@link ownerCredentials} reads of a request and of the developers. */
export interface OwnerCredentialsCheck {
  /** The request's `X-Client-Id`, if any. */
  readonly clientId: string | null | undefined;
  /** The request's `X-Client-Secret`, if any. */
  readonly clientSecret: string | null | undefined;
  /** The developer whose secrets the answer would show. */
  readonly owner: string;
  /** What is read, for the messages: `developer demo-client`, `app app-1`. */
  readonly what: string;
  /** The secret of a developer, `undefined` for an unknown one. */
  readonly secretOf: (clientId: string) => string | undefined;
  /** Compares secrets; the sandbox gives a constant-time comparison. */
  readonly sameSecret: (given: string, expected: string) => boolean;
}

/**
 * Whether a sandbox API read carries the credentials of developer `owner` (`X-Client-Id` and
 * `X-Client-Secret`, as the service endpoints take them), which show that developer's secrets:
 * `false` without credentials (the answer leaves the secrets out), `true` with the owner's;
 * RuleError 401 `UNAUTHORIZED` for incomplete or wrong ones, 403 `FORBIDDEN` for another
 * developer's. The sandbox and the msw handlers answer with this one rule.
 *
 * @example
 * ```ts
 * const own = ownerCredentials({ clientId: null, clientSecret: null, owner: 'demo-client', what: 'developer demo-client', secretOf: () => 's', sameSecret: (a, b) => a === b });
 * // false: answer without the secret
 * ```
 */
export function ownerCredentials(check: OwnerCredentialsCheck): boolean {
  const { clientId, clientSecret, owner, what } = check;
  if ((clientId ?? undefined) === undefined && (clientSecret ?? undefined) === undefined) {
    return false;
  }
  const expected = clientId == null ? undefined : check.secretOf(clientId);
  if (expected === undefined || clientSecret == null || !check.sameSecret(clientSecret, expected)) {
    throw new RuleError(
      401,
      'UNAUTHORIZED',
      `unknown client or wrong secret: to read the secrets of ${what}, send developer ${owner}'s X-Client-Id and X-Client-Secret; without them the answer leaves the secrets out`,
    );
  }
  if (clientId !== owner) {
    throw new RuleError(
      403,
      'FORBIDDEN',
      `developer ${clientId} cannot read the secrets of ${what}: send developer ${owner}'s own X-Client-Id and X-Client-Secret`,
    );
  }
  return true;
}
