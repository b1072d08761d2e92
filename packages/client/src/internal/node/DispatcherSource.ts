import type { Dispatcher } from 'undici';
import { loadUndici } from './loadUndici';

/** Where the undici sender gets its dispatcher, and how to let go of it. */
export interface DispatcherSource {
  get(): Dispatcher | Promise<Dispatcher>;
  /** Closes what the client owns; a later `get()` makes a new one. */
  close(): Promise<void>;
}

/** A dispatcher the client owns (a `Pool` or an `Agent`), made on first use. */
export function ownedDispatcher(
  make: (undici: typeof import('undici')) => Dispatcher,
): DispatcherSource {
  let made: Dispatcher | undefined;
  return {
    get: async () => {
      if (made !== undefined) return made;
      const undici = await loadUndici();
      made ??= make(undici);
      return made;
    },
    async close() {
      const closing = made;
      made = undefined;
      await closing?.close();
    },
  };
}

/**
 * undici's global dispatcher, read at each call: the one Node's fetch uses too, so what a
 * process set with `setGlobalDispatcher` (a proxy, undici's `MockAgent`, TLS settings) applies
 * to the client as it did through fetch. The client owns nothing here.
 */
export const globalDispatcher: DispatcherSource = {
  get: async () => (await loadUndici()).getGlobalDispatcher(),
  close: async () => {},
};
