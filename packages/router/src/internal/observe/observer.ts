import type { ErrorInfo, RouterLogger } from '../../ErrorInfo';
import type {
  EventObserver,
  EventOutcome,
  EventPhase,
  Instrumentation,
  ObservedSession,
} from '../../Instrumentation';
import type { RouterEvent, SessionEventName } from '../../RouterEvent';
import { loggerInstrumentation } from './loggerInstrumentation';

/**
 * The router's one channel to its instrumentations (and the logger's event lines): the runner
 * reports each event's steps to it, and it passes them on. It exists only when there is someone
 * to tell, so an app without instrumentations allocates nothing more per event.
 */
export class Observer {
  /**
   * The events in progress, by session. The session's lock keeps one event at a time per session,
   * so a router event or an error names its event by its session id. (A duplicate event waiting
   * for the lock takes the entry over; its steps are then told to the newer one.)
   */
  readonly #active = new Map<string, ObservedEvent>();

  constructor(private readonly instrumentations: readonly Instrumentation[]) {}

  /** An event arrived: the observers of it, or `undefined` when no instrumentation wants it. */
  begin(event: SessionEventName, sessionId: string): ObservedEvent | undefined {
    const start = performance.now();
    const observers: EventObserver[] = [];
    for (const instrumentation of this.instrumentations) {
      const observer = instrumentation.startEvent({ event, sessionId, start });
      if (observer !== undefined) observers.push(observer);
    }
    if (observers.length === 0) return undefined;
    const observed = new ObservedEvent(observers, () => {
      if (this.#active.get(sessionId) === observed) this.#active.delete(sessionId);
    });
    this.#active.set(sessionId, observed);
    return observed;
  }

  routerEvent(event: RouterEvent): void {
    this.#active.get(event.sessionId)?.event(event);
  }

  error(error: unknown, info: ErrorInfo): void {
    if (info.sessionId !== undefined) this.#active.get(info.sessionId)?.error(error, info);
  }
}

/** One event's observers; a failing observer never breaks the answer. */
export class ObservedEvent {
  constructor(
    private readonly observers: readonly EventObserver[],
    private readonly done: () => void,
  ) {}

  session(session: ObservedSession): void {
    for (const observer of this.observers) guard(() => observer.session?.(session));
  }

  /** Reports the step that began at `start` and ends now. */
  phase(phase: EventPhase, start: number): void {
    const end = performance.now();
    for (const observer of this.observers) guard(() => observer.phase?.(phase, start, end));
  }

  event(event: RouterEvent): void {
    for (const observer of this.observers) guard(() => observer.event?.(event));
  }

  error(error: unknown, info: ErrorInfo): void {
    for (const observer of this.observers) guard(() => observer.error?.(error, info));
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    let wrapped = work;
    for (const observer of this.observers) {
      const inner = wrapped;
      if (observer.run !== undefined) wrapped = () => runIn(observer, inner);
    }
    return wrapped();
  }

  end(outcome: EventOutcome): void {
    const at = performance.now();
    this.done();
    for (const observer of this.observers) guard(() => observer.end(outcome, at));
  }
}

function runIn<T>(observer: EventObserver, work: () => Promise<T>): Promise<T> {
  return observer.run === undefined ? work() : observer.run(work);
}

function guard(report: () => void): void {
  try {
    report();
  } catch {
    // An instrumentation's failure must not break the answer.
  }
}

/**
 * The observer for an app's options: its instrumentations, and a logger that writes event lines
 * (one with `info` or `debug`); `undefined` when there are none.
 */
export function observerFor(
  instrumentations: readonly Instrumentation[] | undefined,
  logger: RouterLogger | undefined,
): Observer | undefined {
  const all = [...(instrumentations ?? [])];
  const logging = logger === undefined ? undefined : loggerInstrumentation(logger);
  if (logging !== undefined) all.push(logging);
  return all.length === 0 ? undefined : new Observer(all);
}

/**
 * The router's event sink: `onEvent` (a failing hook must not break the answer) and the
 * observer; `undefined` when neither wants events, so they are not even built.
 */
export function eventSink(
  onEvent: ((event: RouterEvent) => void) | undefined,
  observer: Observer | undefined,
): ((event: RouterEvent) => void) | undefined {
  if (onEvent === undefined && observer === undefined) return undefined;
  return (event) => {
    observer?.routerEvent(event);
    if (onEvent !== undefined) guard(() => onEvent(event));
  };
}
