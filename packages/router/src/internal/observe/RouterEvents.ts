import type { RouterEvent } from '../../RouterEvent';

/**
 * Where the engine and the runner send router events: `emit` is undefined while nobody listens,
 * so the call sites (`events.emit?.({ … })`) do not even build the event. It changes when
 * `app.observe` adds the first observer or removes the last one, so it is read at each event.
 */
export interface RouterEvents {
  emit: ((event: RouterEvent) => void) | undefined;
}
