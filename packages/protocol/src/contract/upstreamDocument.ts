// The vendored file is bundled into dist/ by tsup; the declared return type keeps its shape out
// of the published `.d.ts`.
import document from '../../upstream/ussd-app-api-1.6.4.json';

/** Version of the upstream OpenAPI document this package carries (`info.version`). */
export const UPSTREAM_DOCUMENT_VERSION = '1.6.4';

/**
 * The upstream OpenAPI 3.0.3 document (1.6.4) of the four app endpoints, as published: a fresh
 * deep copy on every call, so callers may change it. It ships inside this package; nothing is
 * read from disk.
 *
 * @example
 * ```ts
 * const paths = Object.keys((upstreamDocument() as { paths: object }).paths);
 * ```
 */
export function upstreamDocument(): object {
  return structuredClone(document) as object;
}
