import type { RouterLogger } from '../../ErrorInfo';
import type { Instrumentation } from '../../Instrumentation';

/**
 * The logger's event lines: one per event at `info` (at `warn` when it passed the deadline) with
 * its outcome, time and screen, and each router event at `debug`. Errors are not written here:
 * the error report writes them once. Nothing here holds the customer's number, and router events
 * carry secret inputs redacted already. `undefined` for a logger with neither `info` nor `debug`.
 */
export function loggerInstrumentation(logger: RouterLogger): Instrumentation | undefined {
  const { info, warn, debug } = logger;
  if (info === undefined && debug === undefined) return undefined;
  return {
    startEvent: ({ event, sessionId, start }) => {
      let screen: string | undefined;
      return {
        session: (session) => {
          screen = session.screen;
        },
        event: (routerEvent) => {
          if (routerEvent.type === 'screen.shown') screen = routerEvent.screen;
          debug?.call(logger, routerEvent, `ussd ${routerEvent.type}`);
        },
        end: (outcome, at) => {
          const ms = Math.round((at - start) * 10) / 10;
          const details = {
            sessionId,
            event,
            outcome,
            ms,
            ...(screen === undefined ? {} : { screen }),
          };
          const message = `ussd ${event} ${outcome} in ${ms} ms`;
          if (outcome === 'deadline' && warn !== undefined) warn.call(logger, details, message);
          else info?.call(logger, details, message);
        },
      };
    },
  };
}
