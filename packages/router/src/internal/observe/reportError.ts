import type { ErrorInfo, RouterLogger } from '../../ErrorInfo';
import type { Scope } from '../session/Scope';

const screens = new WeakMap<object, string>();

/**
 * Rethrows an error after noting the screen the session was on, for the report (`.catch` on a
 * step of the flow). The first screen noted wins: it is where the error was thrown.
 */
export function onScreen(scope: Scope): (error: unknown) => never {
  return (error) => {
    if (typeof error === 'object' && error !== null && !screens.has(error)) {
      screens.set(error, scope.data.screen);
    }
    throw error;
  };
}

/** The screen {@link onScreen} noted for an error. */
export function screenOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? screens.get(error) : undefined;
}

const refusals = new WeakMap<object, number>();

/**
 * Notes that the request behind an error was refused with `status` (the provider got a 4xx, the
 * customer no screen of the app's), so that its report does not claim `messages.unavailable`.
 */
export function refusedWith<E extends object>(error: E, status: number): E {
  refusals.set(error, status);
  return error;
}

/** One sentence saying what failed, where: the same for the console and a logger. */
export function describeError(error: unknown, info: ErrorInfo): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const where = info.screen === undefined ? '' : ` on screen "${info.screen}"`;
  const session = info.sessionId === undefined ? '' : ` of session ${info.sessionId}`;
  const status = typeof error === 'object' && error !== null ? refusals.get(error) : undefined;
  const outcome =
    status === undefined
      ? 'the customer saw messages.unavailable'
      : `the request was refused with ${status}`;
  return `ussdkit: the ${info.event} event${session} failed${where} (${outcome}): ${message}`;
}

/**
 * The router's error report when the app gives no `onError`: each error once, to `logger` (pino's
 * `error(details, message)`) or else to the console with its stack. Never silent, and never
 * anything the customer typed.
 */
export function defaultErrorReport(
  logger: RouterLogger | undefined,
): (error: unknown, info: ErrorInfo) => void {
  if (logger !== undefined) {
    return (error, info) => logger.error({ err: error, ...info }, describeError(error, info));
  }
  return (error, info) => console.error(describeError(error, info), error);
}
