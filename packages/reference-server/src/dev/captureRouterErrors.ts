import { AsyncLocalStorage } from 'node:async_hooks';

/** An error the router reported while it handled one event of a session. */
export interface CapturedError {
  /** The router's sentence: event, session and screen (`ussdkit: the continue event ...`). */
  readonly sentence: string;
  readonly error: unknown;
}

/**
 * Hears the errors the router reports while `dev` serves an app: the router writes each one to
 * `console.error` (its default `onError`), inside the request's async context, so each is
 * attributed to the request that caused it and kept for the terminal, instead of printed bare.
 * Anything else written to `console.error` goes through. `stop()` restores `console.error`.
 *
 * @example
 * ```ts
 * const capture = captureRouterErrors();
 * const { result, errors } = await capture.during(() => app.handle(request));
 * ```
 */
export function captureRouterErrors() {
  const requests = new AsyncLocalStorage<CapturedError[]>();
  const original = console.error;
  console.error = (...args: unknown[]) => {
    const errors = requests.getStore();
    const [first, second] = args;
    if (errors !== undefined && typeof first === 'string' && first.startsWith('ussdkit: ')) {
      errors.push({ sentence: first, error: second });
      return;
    }
    original.apply(console, args);
  };
  return {
    /** Runs `task`, and resolves with its result and the errors reported meanwhile. */
    async during<T>(task: () => Promise<T>): Promise<{ result: T; errors: CapturedError[] }> {
      const errors: CapturedError[] = [];
      const result = await requests.run(errors, task);
      return { result, errors };
    },
    stop() {
      console.error = original;
    },
  };
}
