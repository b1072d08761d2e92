import type { Counter, Histogram, Meter } from '@opentelemetry/api';

/** The router's metrics, created once per meter. */
export interface OtelInstruments {
  readonly events: Counter;
  readonly duration: Histogram;
  readonly phases: Histogram;
  readonly errors: Counter;
  readonly deadlineHits: Counter;
  readonly entered: Counter;
  readonly exits: Counter;
  readonly dropped: Counter;
}

export function otelInstruments(meter: Meter): OtelInstruments {
  return {
    events: meter.createCounter('ussd.events', {
      description: 'Session events handled, by event and outcome',
    }),
    duration: meter.createHistogram('ussd.event.duration', {
      description: 'Time to answer a session event, by event and outcome',
      unit: 'ms',
    }),
    phases: meter.createHistogram('ussd.phase.duration', {
      description: "Time spent in each step of an event: the lock, the store, the app's handlers",
      unit: 'ms',
    }),
    errors: meter.createCounter('ussd.errors', {
      description: 'Errors reported to onError, by event, screen and error name',
    }),
    deadlineHits: meter.createCounter('ussd.deadline.hits', {
      description: 'Events answered with the deadline fallback, by event and screen',
    }),
    entered: meter.createCounter('ussd.screen.entered', {
      description: 'Sessions that came to a screen',
    }),
    exits: meter.createCounter('ussd.screen.exits', {
      description:
        'Sessions that left a screen, by exit: the next screen, back, home, or why it ended',
    }),
    dropped: meter.createCounter('ussd.screen.dropped', {
      description: 'Sessions lost on a screen: abandoned, timed out, aborted, failed',
    }),
  };
}
