import { RuleError } from './RuleError';

/** The methods that change something: a request with one of them is a write. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a `Content-Type` header names JSON: `application/json`, in any case, with parameters
 * or not (`application/json; charset=utf-8`).
 *
 * @example
 * ```ts
 * isJsonContentType('Application/JSON; charset=utf-8'); // true
 * isJsonContentType('text/plain;charset=UTF-8'); // false
 * ```
 */
export function isJsonContentType(value: string | null | undefined): boolean {
  const mediaType = value?.split(';', 1)[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

/** What {@link requireJsonContentType} reads of a request. */
export interface ContentTypeCheck {
  readonly method: string;
  readonly path: string;
  /** The `Content-Type` header, if any. */
  readonly contentType: string | null | undefined;
  /** Whether the request carries a body (a `content-length` above 0, or chunks). */
  readonly hasBody: boolean;
  /**
   * Require JSON on every write, body or not: the sandbox API, which a browser page could
   * otherwise reach with a form (docs/security.md). Elsewhere only bodies need it.
   */
  readonly everyWrite?: boolean;
}

/**
 * 415 `UNSUPPORTED_MEDIA_TYPE` unless a request with a body says `Content-Type: application/json`
 * (spec: "Bodies are JSON. Requests with a body carry `Content-Type: application/json`."), and,
 * with `everyWrite`, unless every write does. A form (`text/plain`,
 * `application/x-www-form-urlencoded`, `multipart/form-data`) is what a cross-site page can send
 * without asking; JSON it cannot. The sandbox and the msw handlers answer with this one rule.
 *
 * @example
 * ```ts
 * requireJsonContentType({ method: 'POST', path: '/v1/acquire', contentType: 'text/plain', hasBody: true });
 * // throws RuleError 415: POST /v1/acquire needs Content-Type: application/json ...
 * ```
 */
export function requireJsonContentType(request: ContentTypeCheck): void {
  const { method, path, contentType, hasBody } = request;
  if (!WRITE_METHODS.has(method.toUpperCase())) return;
  if (!hasBody && request.everyWrite !== true) return;
  if (isJsonContentType(contentType)) return;
  const given =
    contentType === null || contentType === undefined || contentType === '' ? 'none' : contentType;
  const what = hasBody
    ? 'send the body as JSON with that header'
    : 'send that header, even without a body';
  throw new RuleError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    `${method.toUpperCase()} ${path} needs Content-Type: application/json (it came with ${given}): ${what}.`,
  );
}
