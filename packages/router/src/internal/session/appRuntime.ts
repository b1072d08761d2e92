import type { z } from 'zod';
import type { ErrorInfo } from '../../ErrorInfo';
import type { CompiledApp, LooseAppOptions } from '../compile/compileApp';
import { FlowEngine } from '../engine/FlowEngine';
import { FlowFrames } from '../engine/flowFrames';
import { AppObservers } from '../observe/AppObservers';
import { eventSink, observerFor } from '../observe/observer';
import type { RouterEvents } from '../observe/RouterEvents';
import { defaultErrorReport } from '../observe/reportError';
import { EventRunner } from './EventRunner';

/** A compiled app at work: its runner, its one error path, and who watches it. */
export interface AppRuntime {
  readonly runner: EventRunner;
  /**
   * The app's one error path: `onError` (or the logger, or the console, by default), the
   * instrumentations and `app.observe`'s observers. Never throws.
   */
  readonly onError: (error: unknown, info: ErrorInfo) => void;
  readonly observers: AppObservers;
}

/**
 * Builds what answers events: the engine over the compiled screens, the runner over the store,
 * and the observers. Instrumentations and `onEvent` hear router events through one sink;
 * `app.observe` adds observers while the app runs, so `events.emit` follows them (undefined with
 * nobody to tell, so no event is even built).
 */
export function appRuntime(options: LooseAppOptions, app: CompiledApp): AppRuntime {
  const observer = observerFor(options.instrumentations, options.logger);
  const sink = eventSink(options.onEvent, observer);
  const events: RouterEvents = { emit: sink };
  const observers = new AppObservers(() => {
    events.emit = observers.empty
      ? sink
      : (event) => {
          sink?.(event);
          observers.event(event);
        };
  });
  const reportError = options.onError ?? defaultErrorReport(options.logger);
  const onError = (error: unknown, info: ErrorInfo) => {
    observer?.error(error, info);
    if (!observers.empty) observers.error(error, info);
    try {
      reportError(error, info);
    } catch {
      // A failing error hook must not break the answer.
    }
  };
  const flows =
    app.mounts.size > 0 ? new FlowFrames(app.loose, app.mounts, options.state) : undefined;
  const engine = new FlowEngine(app.loose, app.locales, events, flows);
  const { entry, language } = options;
  const push = entry?.push;
  const redirect = (entry?.redirect ?? {}) as Record<
    string,
    { screen: string; params: z.ZodType; onStart?: never }
  >;
  const runner = new EventRunner({
    engine,
    store: app.store,
    stateSchema: options.state,
    flows,
    initialState: options.initialState ?? (() => ({})),
    start: options.start,
    dial: entry?.dial ?? {},
    push: push && { screen: push.screen, schema: push.data, onStart: push.onStart as never },
    redirect: Object.fromEntries(
      Object.entries(redirect).map(([id, to]) => [
        id,
        { screen: to.screen, schema: to.params, onStart: to.onStart },
      ]),
    ),
    redirectUnavailable: entry?.redirectUnavailable,
    flowVersion: options.flowVersion ?? app.version,
    deadlineMs: app.deadlineMs,
    fallbackMs: app.fallbackMs,
    deadlineScreen: options.deadlineScreen,
    locales: app.locales,
    chooseLanguage: (event) => observers.language(event) ?? language?.(event),
    // State erased as for the screens: hooks only receive states parsed by `options.state`.
    onClose: options.onClose as never,
    onAbort: options.onAbort as never,
    onError,
    events,
    resume: options.resume,
    observer,
  });
  return { runner, onError, observers };
}
