/**
 * Text only Node's own `fetch` has in its source: it loads Node's bundled undici on first call
 * (the same line from Node 20 to 24). A replacement (msw's and nock's interceptors, fetch-mock,
 * `vi.spyOn`, a wrapper, a `Proxy` or a bound copy of Node's fetch) does not have it.
 */
const NODE_FETCH_SOURCE = "require('internal/deps/undici/undici')";

let seen: unknown;
let seenIsNodes = false;

/**
 * Whether `globalThis.fetch` is still Node's own fetch (or absent), so that nothing in this
 * process intercepts requests made through it. Read at each call; the source is looked at only
 * when the function changed since the last call.
 *
 * @example
 * ```ts
 * const send = nodeFetchInPlace() ? viaUndici : viaFetch; // msw started: viaFetch
 * ```
 */
export function nodeFetchInPlace(): boolean {
  const current: unknown = globalThis.fetch;
  if (current !== seen) {
    seen = current;
    seenIsNodes =
      current === undefined ||
      (typeof current === 'function' &&
        Function.prototype.toString.call(current).includes(NODE_FETCH_SOURCE));
  }
  return seenIsNodes;
}
