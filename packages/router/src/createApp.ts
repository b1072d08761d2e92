import {
  abortSessionSchema,
  closeSessionSchema,
  continueSessionSchema,
  newSessionSchema,
  ProtocolError,
  parseWire,
} from '@ussdkit/protocol';
import type { z } from 'zod';
import type { AppObserver } from './AppObserver';
import type { AppOptions, MessagesCheck, RouterMessages, TargetCheck } from './AppOptions';
import type { ErrorInfo } from './ErrorInfo';
import type { FlowMounts, NoFlows } from './Flow';
import { FlowDefinitionError } from './FlowDefinitionError';
import { type FlowGraph, toMermaid } from './FlowGraph';
import { FRENCH_MESSAGES } from './frenchMessages';
import { compileFlow } from './internal/compile/compileFlow';
import { mountFlows } from './internal/compile/mountFlows';
import { messageProblems } from './internal/compile/staticTexts';
import { errorResult, type HandleResult } from './internal/door/httpResult';
import { precheck } from './internal/door/precheck';
import { utf8Length } from './internal/door/utf8Length';
import { FlowEngine } from './internal/engine/FlowEngine';
import { FlowFrames } from './internal/engine/flowFrames';
import { buildLocales } from './internal/engine/locales';
import type { LooseScreen } from './internal/engine/looseScreen';
import type { EngineSettings } from './internal/engine/resolved';
import { AppObservers } from './internal/observe/AppObservers';
import { eventSink, observerFor } from './internal/observe/observer';
import type { RouterEvents } from './internal/observe/RouterEvents';
import { defaultErrorReport } from './internal/observe/reportError';
import { EventRunner } from './internal/session/EventRunner';
import { timeBudget } from './internal/session/timeBudget';
import type { AnyScreen } from './Screen';
import { screenFactories } from './ScreenFactories';
import { SessionAlreadyOpenError } from './SessionAlreadyOpenError';
import { flowFactories } from './screens/callFlow';
import { memoryStore } from './stores/memoryStore';

export type { HandleResult } from './internal/door/httpResult';

/**
 * A request as adapters pass it to {@link UssdApp.handle}.
 *
 * @example
 * ```ts
 * await app.handle({ path: '/ussdSessionEvent/new', headers: req.headers, body: rawBody });
 * ```
 */
export interface HandleRequest {
  /** The path relative to where the app is mounted, e.g. `/ussdSessionEvent/new`. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The raw request body. */
  readonly body: string;
}

/**
 * A compiled app: the four handlers behind one `handle`, and its inspectable flow.
 *
 * @example
 * ```ts
 * const { status, body } = await app.handle(request); console.log(app.toMermaid());
 * ```
 */
export interface UssdApp<Screens> {
  /** Answers one gateway request; never throws. Adapters only translate to and from it. */
  handle(request: HandleRequest): Promise<HandleResult>;
  /**
   * The checks `handle` makes before it reads the body, for adapters to make first: a path that
   * is not one of the four endpoints under the mount (404), a missing or wrong `Authorization`
   * (401), a body not declared JSON (415). Returns the answer to give at once, without reading
   * the body, or `undefined` when the request may go on to `handle`.
   */
  precheck(head: Omit<HandleRequest, 'body'>): HandleResult | undefined;
  /** The declared screens. */
  readonly screens: Screens;
  /** The mounted flows, by name (their screens are in `graph` as `<name>.<screen>`). */
  readonly flows: FlowMounts;
  readonly graph: FlowGraph;
  /** The hash stored with each session; a session on another version restarts politely. */
  readonly flowVersion: string;
  /** The flow as a Mermaid flowchart. */
  toMermaid(): string;
  /** The app's language codes, the default first (`['en']` without `languages`). */
  readonly languages: readonly string[];
  /**
   * Watches the app from outside (see {@link AppObserver}); returns the function that stops it.
   * `onEvent` and `onError` still get everything.
   */
  observe(observer: AppObserver): () => void;
}

/**
 * The router's default texts, in English.
 *
 * @example
 * ```ts
 * DEFAULT_MESSAGES.unavailable; // 'Service unavailable, please try again'
 * ```
 */
export const DEFAULT_MESSAGES: RouterMessages = {
  unavailable: 'Service unavailable, please try again',
  processUnavailable: 'This service is not available here.',
  flowChanged: 'This service was updated. Please dial again.',
  expired: 'Your session has expired. Please dial again.',
  deadline: 'We are still working on your request. Please try again shortly.',
  tooManyAttempts: 'Too many invalid attempts. Please dial again.',
  busy: 'Service busy. Please send your answer again.',
  invalidInput: 'Invalid input. Please try again.',
  notANumber: 'Please enter a number.',
  notAWholeNumber: 'Please enter a whole number.',
  tooSmall: 'Please enter {min} or more.',
  tooSmallExclusive: 'Please enter more than {min}.',
  tooBig: 'Please enter {max} or less.',
  tooBigExclusive: 'Please enter less than {max}.',
  tooShort: 'Please enter {min} or more characters.',
  tooLong: 'Please enter {max} or fewer characters.',
  invalidChoice: 'Please enter one of: {options}.',
  backLabel: 'Back',
  homeLabel: 'Home',
  moreLabel: 'More',
  resumePrompt: 'Continue where you left off?',
  resumeYes: 'Yes',
  resumeNo: 'No',
};

/**
 * Declares a USSD app and compiles it once: the flow is checked (a {@link FlowDefinitionError}
 * lists every problem, static texts over the limit in any language included) and `handle`
 * answers the gateway's four events. With `languages`, every text may be a record with one
 * string per language, and each session is shown in its own language (`ctx.language`).
 *
 * @example
 * ```ts
 * const app = createApp({
 *   state: z.object({ name: z.string().optional() }),
 *   start: 'ask',
 *   screens: ({ input, info }) => ({
 *     ask: input({ text: 'Your name?', targets: ['hello'],
 *       next: (name, ctx) => { ctx.state.name = name; return ctx.go('hello'); } }),
 *     hello: info({ text: (ctx) => `Hello ${ctx.state.name}!` }),
 *   }),
 * });
 * ```
 */
export function createApp<
  Schema extends z.ZodType,
  Screens extends Record<string, AnyScreen>,
  D = unknown,
  R extends Record<string, unknown> = Record<string, unknown>,
  const Languages extends readonly [string, ...string[]] = readonly ['en'],
  Flows extends FlowMounts = NoFlows,
>(
  options: AppOptions<Schema, Screens, D, R, Languages, Flows> &
    TargetCheck<Screens> &
    MessagesCheck<Languages[number]>,
): UssdApp<Screens> {
  const screens = options.screens({
    ...screenFactories<z.output<Schema>, Languages[number]>(),
    ...flowFactories<z.output<Schema>, Flows, Languages[number]>(),
  });
  // The engine works on screens with the state type erased; it only ever hands them values parsed
  // by `options.state` (or by a flow's `state`), which is what their handlers were typed with.
  const mounted = mountFlows(
    screens as unknown as Record<string, LooseScreen>,
    options.flows ?? {},
  );
  const loose = mounted.screens;
  const built = buildLocales({
    languages: options.languages ?? ['en'],
    navigation: options.navigation,
    limits: options.screenLimits ?? {},
    messages: options.messages,
    builtIn: { en: DEFAULT_MESSAGES, fr: FRENCH_MESSAGES },
  });
  const { locales } = built;
  const redirect = (options.entry?.redirect ?? {}) as Record<
    string,
    { screen: string; params: z.ZodType }
  >;
  const compiled = compileFlow(
    loose,
    options.start,
    {
      dial: options.entry?.dial ?? {},
      push: options.entry?.push?.screen,
      redirect: Object.fromEntries(
        Object.entries(redirect).map(([id, entry]) => [id, entry.screen]),
      ),
      redirectUnavailable: options.entry?.redirectUnavailable,
      deadline: options.deadlineScreen,
    },
    locales.list.map((locale) => locale.settings) as [EngineSettings, ...EngineSettings[]],
  );
  compiled.problems.push(...mounted.problems, ...built.problems);
  const messageTexts = messageProblems(locales.list);
  compiled.problems.push(...messageTexts.problems);
  compiled.tooLong.push(...messageTexts.tooLong);
  const initialState = options.initialState ?? (() => ({}));
  if (options.initialState === undefined && !options.state.safeParse({}).success) {
    compiled.problems.push('the state schema does not accept `{}`: give `initialState`');
  }
  const store = options.store ?? memoryStore();
  const deadlineMs = options.deadlineMs ?? 3500;
  const budget = timeBudget({
    gatewayBudgetMs: options.gatewayBudgetMs ?? 5000,
    deadlineMs,
    lockWaitMs: store.lockWaitMs ?? 0,
    deadlineScreen: options.deadlineScreen !== undefined,
  });
  if ('problem' in budget) compiled.problems.push(budget.problem);
  if (compiled.problems.length > 0) {
    throw new FlowDefinitionError(compiled.problems, compiled.tooLong);
  }

  const observer = observerFor(options.instrumentations, options.logger);
  // Instrumentations and `onEvent` hear router events through the sink; `app.observe` adds its
  // observers while the app runs, so `events.emit` follows them (undefined with nobody to tell).
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
    if (!observers.empty) observers.error(error, info);
    reportError(error, info);
  };
  const { language } = options;
  const flowVersion = options.flowVersion ?? compiled.version;
  const flows =
    mounted.mounts.size > 0 ? new FlowFrames(loose, mounted.mounts, options.state) : undefined;
  const engine = new FlowEngine(loose, locales, events, flows);
  const push = options.entry?.push;
  const runner = new EventRunner({
    engine,
    store,
    stateSchema: options.state,
    flows,
    initialState,
    start: options.start,
    dial: options.entry?.dial ?? {},
    push: push && { screen: push.screen, schema: push.data, onStart: push.onStart as never },
    redirect: Object.fromEntries(
      Object.entries(redirect).map(([id, entry]) => [
        id,
        {
          screen: entry.screen,
          schema: entry.params,
          onStart: (entry as { onStart?: never }).onStart,
        },
      ]),
    ),
    redirectUnavailable: options.entry?.redirectUnavailable,
    flowVersion,
    deadlineMs,
    fallbackMs: 'fallbackMs' in budget ? budget.fallbackMs : 0,
    deadlineScreen: options.deadlineScreen,
    locales,
    chooseLanguage: (event) => observers.language(event) ?? language?.(event),
    // State erased as for the screens: hooks only receive states parsed by `options.state`.
    onClose: options.onClose as never,
    onAbort: options.onAbort as never,
    onError: (error, info) => {
      observer?.error(error, info);
      try {
        onError(error, info);
      } catch {
        // A failing error hook must not break the answer.
      }
    },
    events,
    resume: options.resume,
    observer,
  });
  const maxBodyBytes = options.maxBodyBytes ?? 65_536;

  async function handle(request: HandleRequest): Promise<HandleResult> {
    const checked = precheck(request, options.authToken);
    if ('refused' in checked) return checked.refused;
    const { event } = checked;
    // A UTF-16 code unit is at most 3 UTF-8 bytes: only a body that might be over is measured.
    const raw = request.body;
    if (raw.length * 3 > maxBodyBytes && utf8Length(raw) > maxBodyBytes) {
      return errorResult(413, 'PAYLOAD_TOO_LARGE', `The body is over ${maxBodyBytes} bytes`);
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return errorResult(400, 'INVALID_JSON', 'The body is not valid JSON');
    }
    try {
      if (event === 'new') {
        const body = parseWire(newSessionSchema, json, 'new session request');
        return { status: 200, body: (await runner.answer('new', body)).command };
      }
      if (event === 'continue') {
        const body = parseWire(continueSessionSchema, json, 'continue session request');
        return { status: 200, body: (await runner.answer('continue', body)).command };
      }
      const body =
        event === 'close'
          ? parseWire(closeSessionSchema, json, 'close session request')
          : parseWire(abortSessionSchema, json, 'abort session request');
      await runner.end(event, body);
      return { status: 204 };
    } catch (error) {
      if (error instanceof ProtocolError) {
        return errorResult(400, 'INVALID_REQUEST', error.message, error.field);
      }
      // Reported by the runner already.
      if (error instanceof SessionAlreadyOpenError) {
        return errorResult(409, error.code, error.message);
      }
      onError(error, { sessionId: undefined, event });
      return errorResult(500, 'INTERNAL', 'The app could not handle this event');
    }
  }

  return {
    handle,
    precheck: (head) => {
      const checked = precheck(head, options.authToken);
      return 'refused' in checked ? checked.refused : undefined;
    },
    screens,
    flows: options.flows ?? {},
    graph: compiled.graph,
    flowVersion,
    toMermaid: () => toMermaid(compiled.graph),
    languages: [...locales.languages],
    observe: (observer) => observers.add(observer),
  };
}
