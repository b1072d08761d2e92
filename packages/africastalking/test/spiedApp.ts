import type { SessionEventName, UssdApp } from '@ussdkit/router';
import type { ServableApp } from '../src/africasTalking';

/** What the app did for one request, as its router events tell. */
export interface SeenEvent {
  /** `new`, `continue` (the app's handlers ran), or `close` / `abort` (its end hooks ran). */
  readonly event: SessionEventName;
  /** The value the app was given, on a `continue`. */
  readonly value?: string | undefined;
  /** The end's reason, on `close` and `abort`. */
  readonly reason?: string | undefined;
}

const closeReasons = new Set(['End', 'Abandon', 'Timeout']);

/**
 * The app, watched through `app.observe`: every event whose handlers ran (a replayed or re-asked
 * request, answered without the app, is not one) and every end, in order.
 */
export function spiedApp<A extends ServableApp & Pick<UssdApp<unknown>, 'observe'>>(
  app: A,
): { app: A; seen: SeenEvent[] } {
  const seen: SeenEvent[] = [];
  let value: string | undefined;
  app.observe({
    event: (event) => {
      if (event.type === 'input') value = event.value;
      if (event.type === 'event.handled' && event.outcome !== 'replayed') {
        seen.push(
          event.event === 'continue' ? { event: event.event, value } : { event: event.event },
        );
        value = undefined;
      }
      if (event.type === 'session.end' && event.reason !== 'Expired') {
        const ended = closeReasons.has(event.reason) ? 'close' : 'abort';
        seen.push({ event: ended, reason: event.reason });
      }
    },
  });
  return { app, seen };
}
