type Undici = typeof import('undici');

let undici: Undici | undefined;
let loading: Promise<Undici> | undefined;

/**
 * undici, imported on first use: a client that only ever goes through fetch (msw in tests, a
 * `fetch` option) never loads it. The module itself once loaded, else the promise of it.
 */
export function loadUndici(): Undici | Promise<Undici> {
  if (undici !== undefined) return undici;
  loading ??= import('undici').then((module) => {
    undici = module;
    return module;
  });
  return loading;
}
