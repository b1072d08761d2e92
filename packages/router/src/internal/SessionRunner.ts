import type { AbortSession, CloseSession, ContinueSession, NewSession } from '@ussdkit/protocol';
import { parseShortcode, parseWire, sessionCommandSchema } from '@ussdkit/protocol';
import type { z } from 'zod';
import type { SessionStart } from '../Context';
import type { ErrorInfo } from '../ErrorInfo';
import type { ResumeOptions } from '../ResumeOptions';
import { ScreenTooLongError } from '../ScreenTooLongError';
import { SessionAlreadyOpenError } from '../SessionAlreadyOpenError';
import type { SessionRecord, SessionStore } from '../SessionStore';
import { UnknownLanguageError } from '../UnknownLanguageError';
import { type CarryRules, carryOver } from './carryOver';
import { cloneJson } from './cloneJson';
import { DeadlineQueue, timedOut } from './DeadlineQueue';
import { EventContext } from './EventContext';
import { type EventSignal, raceWithSignal } from './eventSignal';
import type { FlowEngine } from './FlowEngine';
import { fitAnswer } from './fitView';
import { appState, type FlowFrames, outOfFlows } from './flowFrames';
import { eventKey } from './httpResult';
import type { Locales } from './locales';
import type { LooseContext } from './looseScreen';
import type { ObservedEvent, Observer } from './observer';
import type { RouterEvents } from './RouterEvents';
import { onScreen, screenOf } from './reportError';
import { Resumer } from './resume';
import type { Answer, Scope } from './Scope';
import { asSessionData, type SessionData, shapedSessionData } from './SessionData';
import { byHop } from './staleEvent';

/** An entry point as the runner uses it. */
interface LooseEntry {
  readonly screen: string;
  readonly schema: z.ZodType;
  readonly onStart?: ((value: never, ctx: LooseContext) => unknown) | undefined;
}

/** What the runner needs from the app definition. */
export interface RunnerConfig {
  readonly engine: FlowEngine;
  readonly store: SessionStore;
  readonly stateSchema: z.ZodType;
  /** The mounted flows; undefined when the app mounts none. */
  readonly flows?: FlowFrames | undefined;
  readonly initialState: () => unknown;
  readonly start: string;
  readonly dial: Readonly<Record<string, string>>;
  readonly push: LooseEntry | undefined;
  readonly redirect: Readonly<Record<string, LooseEntry>>;
  /** Where a redirect for a process the app does not offer goes; undefined: it is refused. */
  readonly redirectUnavailable: string | undefined;
  readonly flowVersion: string;
  readonly deadlineMs: number;
  /** What is left of the gateway's budget for the `deadlineScreen`, past `deadlineMs`. */
  readonly fallbackMs: number;
  readonly deadlineScreen: string | undefined;
  /** The router's texts in each language; also the app's languages. */
  readonly locales: Locales;
  /** The app's `language(event)`: picks the language of a new session. */
  readonly chooseLanguage: ((event: NewSession) => unknown) | undefined;
  readonly onClose:
    | ((info: { sessionId: string; reason: never; state: unknown }) => unknown)
    | undefined;
  readonly onAbort:
    | ((info: { sessionId: string; reason: never; state: unknown }) => unknown)
    | undefined;
  readonly onError: (error: unknown, info: ErrorInfo) => void;
  /** Where router events go (see RouterEvents: no event is built while nobody listens). */
  readonly events: RouterEvents;
  /** The app's `resume`; undefined when it has none. */
  readonly resume?: ResumeOptions | undefined;
  /** Told each event's steps; undefined when the app has no instrumentation. */
  readonly observer?: Observer | undefined;
}

const info = (message: string): Answer => ({
  command: { action: { type: 'ShowView', view: { type: 'InfoView', message } } },
  ended: true,
});

/** Handles session events under the session's lock: load, run, save, replay, deadline. */
export class SessionRunner {
  readonly #deadlines: DeadlineQueue;
  readonly #fallbackDeadlines: DeadlineQueue;
  readonly #carry: CarryRules;
  readonly #resumer: Resumer | undefined;

  constructor(private readonly config: RunnerConfig) {
    this.#deadlines = new DeadlineQueue(config.deadlineMs);
    this.#fallbackDeadlines = new DeadlineQueue(Math.max(1, config.fallbackMs));
    const { flowVersion, stateSchema, engine } = config;
    const schemaOf = config.flows && ((data: SessionData) => config.flows?.schemaOf(data));
    this.#carry = { flowVersion, stateSchema, screens: engine.screens, schemaOf };
    this.#resumer = Resumer.of(config.resume, config.store, this.#carry);
  }

  /** The schema of the state the handlers see: the app's, or the innermost flow's. */
  private schemaOf(data: SessionData): z.ZodType {
    return this.config.flows?.schemaOf(data) ?? this.config.stateSchema;
  }

  private context(data: SessionData, sessionId: string, signal: EventSignal): LooseContext {
    return new EventContext(data, sessionId, signal, this.config.locales);
  }

  /**
   * The language of a new session: the app's `language(event)` when it names one of the app's
   * languages, else the first. A failing or wrong pick is reported, and the session goes on in
   * the first language: a preference lookup must not keep the customer out.
   */
  private async pickLanguage(body: NewSession): Promise<string> {
    const { chooseLanguage, locales, onError } = this.config;
    const first = locales.first.language;
    if (chooseLanguage === undefined) return first;
    try {
      const chosen = await chooseLanguage(body);
      if (chosen === undefined || locales.has(chosen)) return chosen ?? first;
      throw new UnknownLanguageError(chosen, locales.languages);
    } catch (error) {
      onError(error, { sessionId: body.sessionId, event: 'new' });
      return first;
    }
  }

  /** Answers `new` or `continue`; never throws. */
  async answer(
    event: 'new' | 'continue',
    body: NewSession | ContinueSession,
  ): Promise<z.output<typeof sessionCommandSchema>> {
    const { store, onError, events, locales } = this.config;
    const { emit } = events;
    const arrived = Date.now();
    // Timed only for the event it reports.
    const began = emit === undefined ? 0 : performance.now();
    const seen = this.config.observer?.begin(event, body.sessionId);
    let outcome: 'answered' | 'replayed' | 'deadline' | 'error' | 'restarted' = 'answered';
    // The session's language once known, for the router's own answers (errors included).
    const session: { language?: string | undefined } = {};
    try {
      return await this.withLock(seen, body.sessionId, arrived, async () => {
        const contextData = 'contextData' in body ? body.contextData : '';
        const loading = seen && performance.now();
        const record = await store.load(body.sessionId, contextData);
        session.language = asSessionData(record?.state)?.language;
        if (loading !== undefined)
          this.loaded(seen, loading, record, 'msisdn' in body ? body : undefined);
        // A continue with the router's `h<hop>` is placed by its hop: a redelivery names a hop
        // already answered and gets the last answer, and the current hop is never an answered
        // event's, so its replay key is neither computed (hashing the body was about a sixth of
        // an event's cost) nor kept. Other events (a `new`, another store's contextData, a
        // session saved before hops) are told by the key (decisions 0008 and 0029).
        const placed = event === 'continue' ? byHop(contextData, record) : undefined;
        let key: string | undefined;
        const keyOf = () => {
          key ??= eventKey(event, body);
          return key;
        };
        if (
          placed === undefined &&
          record?.lastEvent !== undefined &&
          record.lastEvent.key === keyOf()
        ) {
          outcome = 'replayed';
          return sessionCommandSchema.parse(record.lastEvent.answer);
        }
        if (placed?.stale !== undefined) {
          outcome = 'replayed';
          return sessionCommandSchema.parse(placed.stale);
        }
        if (event === 'new' && record !== undefined) {
          throw new SessionAlreadyOpenError(body.sessionId);
        }
        const running = seen && performance.now();
        const { deadlines, ms } = this.handlerDeadline(arrived);
        const result = await raceWithSignal(deadlines, ms, (signal) =>
          event === 'new'
            ? this.start(body as NewSession, session, signal)
            : this.resume(body as ContinueSession, record, signal),
        );
        if (result === timedOut) outcome = 'deadline';
        else if (result.restarted) outcome = 'restarted';
        const computed =
          result === timedOut ? await this.fallback(body, record, session.language) : result;
        if (running !== undefined) seen?.phase('handlers', running);
        const { data } = computed;
        const answer = this.fit(computed.answer, body.sessionId, event, data?.screen);
        const saving = seen && performance.now();
        if (data === undefined) {
          await store.delete(body.sessionId);
          if (saving !== undefined) seen?.phase('store.delete', saving);
          return parseWire(
            sessionCommandSchema,
            { ...answer.command, contextData: '' },
            'app answer',
          );
        }
        // Each answer carries its hop number, so a replayed event (same body, same contextData)
        // differs from the customer genuinely sending the same input again.
        const hop = (data.hop ?? 0) + 1;
        const command = parseWire(
          sessionCommandSchema,
          { ...answer.command, contextData: `h${hop}` },
          'app answer',
        );
        const saved: SessionRecord = {
          flowVersion: this.config.flowVersion,
          state: { ...data, hop },
          // A continue placed by its hop keeps no key: '' matches none.
          lastEvent: { key: placed === undefined ? keyOf() : '', answer: command },
        };
        const stored = await store.save(body.sessionId, saved);
        if (saving !== undefined) seen?.phase('store.save', saving);
        return stored === undefined ? command : { ...command, contextData: stored };
      });
    } catch (error) {
      outcome = 'error';
      onError(error, { sessionId: body.sessionId, event, screen: screenOf(error) });
      // Not the customer's answer to give: `handle` tells the caller with a 409.
      if (error instanceof SessionAlreadyOpenError) throw error;
      const { messages } = locales.of(session.language);
      if (event === 'continue' && isTransientStoreError(error)) {
        // Nothing was saved, so echoing the event's contextData leaves the session on the screen
        // it was on: the customer's next input answers that screen again.
        return parseWire(
          sessionCommandSchema,
          {
            action: { type: 'ShowView', view: { type: 'InputView', message: messages.busy } },
            contextData: (body as ContinueSession).contextData,
          },
          'app answer',
        );
      }
      return sessionCommandSchema.parse(info(messages.unavailable).command);
    } finally {
      emit?.({
        type: 'event.handled',
        sessionId: body.sessionId,
        event,
        outcome,
        ms: performance.now() - began,
      });
      seen?.end(outcome);
    }
  }

  /** The store's lock, within the event's instrumentations, the wait for it timed. */
  private withLock<T>(
    seen: ObservedEvent | undefined,
    sessionId: string,
    arrived: number,
    work: () => Promise<T>,
  ): Promise<T> {
    const { store } = this.config;
    // The event's deadline: a store may wait out a Redis failover until then (decision 0037).
    const options = { deadline: arrived + this.config.deadlineMs };
    if (seen === undefined) return store.withLock(sessionId, work, options);
    const waiting = performance.now();
    const locked = () => {
      seen.phase('lock', waiting);
      return work();
    };
    return seen.run(() => store.withLock(sessionId, locked, options));
  }

  /**
   * The handlers' deadline: `deadlineMs`, less the time the store waited past its `lockWaitMs`
   * (retrying through a failover, decision 0037), so that the answer stays within the gateway's
   * budget. A store that does not bound its lock wait is never cut short.
   */
  private handlerDeadline(arrived: number): { deadlines: DeadlineQueue; ms: number } {
    const { deadlineMs, store } = this.config;
    const over = Date.now() - arrived - (store.lockWaitMs ?? Number.POSITIVE_INFINITY);
    if (!(over > 0)) return { deadlines: this.#deadlines, ms: deadlineMs };
    const ms = Math.max(1, deadlineMs - over);
    return { deadlines: new DeadlineQueue(ms), ms };
  }

  /** Tells the instrumentations the session an event found (on `new`, the event's own). */
  private loaded(
    seen: ObservedEvent | undefined,
    loading: number,
    record: SessionRecord | undefined,
    started: NewSession | undefined,
  ): void {
    seen?.phase('store.load', loading);
    const stored = asSessionData(record?.state);
    if (started !== undefined) seen?.session({ msisdn: started.msisdn, screen: undefined });
    else if (stored !== undefined) seen?.session({ msisdn: stored.msisdn, screen: stored.screen });
  }

  private entryFor(input: NewSession['input']): {
    start: SessionStart;
    screen?: string;
    entry?: LooseEntry;
    value?: unknown;
    /** The `process.id` of a redirect the app has no entry for. */
    unknownProcess?: string;
  } {
    const { dial, push, redirect, start } = this.config;
    if (input.type === 'Dial') {
      let segments: readonly string[] = [];
      try {
        segments = parseShortcode(input.shortcodeString).segments;
      } catch {
        // An unusual dial string (not *main*app#) simply starts at `start`.
      }
      const key = segments.join('*');
      const screen = (Object.hasOwn(dial, key) ? dial[key] : undefined) ?? start;
      return { start: { type: 'Dial', shortcodeString: input.shortcodeString, segments }, screen };
    }
    if (input.type === 'Push') {
      let value: unknown = input.contextData;
      try {
        value = JSON.parse(input.contextData);
      } catch {
        // Not JSON: the schema sees the raw string.
      }
      return {
        start: { type: 'Push', contextData: input.contextData },
        ...(push ? { entry: push, value } : {}),
      };
    }
    const { process } = input;
    const params = process?.params ?? {};
    const from: SessionStart = { type: 'Redirect', processId: process?.id, params };
    // Without a process, the other app sends the customer to this app as a whole.
    if (process === undefined) return { start: from };
    const entry = Object.hasOwn(redirect, process.id) ? redirect[process.id] : undefined;
    if (entry === undefined) return { start: from, unknownProcess: process.id };
    return { start: from, entry, value: params };
  }

  /** The data of a new session, before its first screen. */
  private initialData(body: NewSession, start: SessionStart, language: string): SessionData {
    const state = this.config.stateSchema.parse(this.config.initialState());
    return shapedSessionData({
      state,
      screen: '',
      entryState: cloneJson(state),
      page: 0,
      attempts: 0,
      history: [],
      msisdn: body.msisdn,
      operator: body.operator,
      start,
      language,
    });
  }

  /**
   * What to answer when the handlers passed the deadline: the `deadlineScreen` shown from where
   * the session was (their changes dropped), or the `messages.deadline` InfoView. The screen gets
   * a deadline of its own: its texts and items may be async too, and the customer must get an
   * answer even when they are as slow as what they stand in for.
   */
  private async fallback(
    body: NewSession | ContinueSession,
    record: SessionRecord | undefined,
    language: string | undefined,
  ): Promise<{ answer: Answer; data: SessionData | undefined }> {
    const { deadlineScreen, engine, locales, fallbackMs } = this.config;
    const { messages } = locales.of(language);
    if (deadlineScreen !== undefined) {
      // The deadline screen is an app screen: a session inside a flow sees it from the app's side.
      const carried = 'input' in body ? undefined : carryOver(record, this.#carry);
      const outside = carried && outOfFlows(carried);
      const outsideState = outside && this.config.stateSchema.safeParse(outside.state);
      const base =
        'input' in body
          ? this.initialData(body, this.entryFor(body.input).start, locales.of(language).language)
          : outside !== undefined && outsideState?.success === true
            ? { ...outside, state: outsideState.data }
            : undefined;
      if (base !== undefined) {
        const shown = await raceWithSignal(this.#fallbackDeadlines, fallbackMs, (signal) => {
          const scope: Scope = { data: base, ctx: this.context(base, body.sessionId, signal) };
          return engine.goTo(scope, deadlineScreen).then((answer) => this.finish(scope, answer));
        });
        if (shown !== timedOut) return shown;
      }
    }
    return {
      answer: info(messages.deadline),
      data: 'input' in body ? undefined : carryOver(record, this.#carry),
    };
  }

  private async start(
    body: NewSession,
    session: { language?: string | undefined },
    signal: EventSignal,
  ): Promise<{ answer: Answer; data: SessionData | undefined; restarted?: boolean }> {
    const { engine, events, locales, redirectUnavailable } = this.config;
    const { emit } = events;
    const { sessionId, input } = body;
    const { start, entry, value, screen: dialled, unknownProcess } = this.entryFor(input);
    const offer = input.type === 'Dial' ? await this.#resumer?.take(body.msisdn) : undefined;
    const language = offer?.language ?? (await this.pickLanguage(body));
    session.language = language;
    const { messages } = locales.of(language);
    const data = this.initialData(body, start, language);
    if (offer !== undefined && this.#resumer !== undefined) {
      data.offer = offer;
      return { answer: this.#resumer.prompt(locales.of(language)), data };
    }
    const scope: Scope = { data, ctx: this.context(data, sessionId, signal) };
    let screen = dialled ?? this.config.start;
    let problem: 'UnknownProcess' | 'InvalidParams' | undefined =
      unknownProcess === undefined ? undefined : 'UnknownProcess';
    if (entry !== undefined) {
      const parsed = entry.schema.safeParse(value);
      if (parsed.success) {
        // `parsed.data` is the output of the entry's own schema, which `onStart` was typed with.
        await Promise.resolve(entry.onStart?.(parsed.data as never, scope.ctx)).catch(
          onScreen(scope),
        );
        screen = entry.screen;
      } else if (input.type === 'Redirect') problem = 'InvalidParams';
    }
    if (problem !== undefined && start.type === 'Redirect') {
      // The spec: the redirected-to application "may answer with a message that the operation
      // is not available".
      const processId = start.processId ?? '';
      emit?.({ type: 'redirect.unavailable', sessionId, processId, problem });
      if (redirectUnavailable === undefined) {
        emit?.({ type: 'session.end', sessionId, reason: 'ProcessUnavailable' });
        return { answer: info(messages.processUnavailable), data: undefined };
      }
      screen = redirectUnavailable;
    }
    emit?.({ type: 'session.start', sessionId, via: input.type, screen });
    const answer = await engine.show(scope, screen).catch(onScreen(scope));
    return this.finish(scope, answer);
  }

  /**
   * The answer within the screen limit: a longer view is cut, and the cut reported. Info and
   * input texts are paged already, so this cuts only what cannot be paged (a chooser's title, a
   * label) or keys that do not fit even a page of one character.
   */
  private fit(answer: Answer, sessionId: string, event: 'new' | 'continue', screen?: string) {
    const fitted = fitAnswer(answer, this.config.locales.first.settings.limits);
    const over = fitted.overflow;
    if (over === undefined) return answer;
    const { encoding, length, limit } = over;
    this.config.events.emit?.({
      type: 'screen.overflow',
      sessionId,
      screen: screen ?? '',
      encoding,
      length,
      limit,
    });
    const error = new ScreenTooLongError(screen, encoding, length, limit);
    this.config.onError(error, { sessionId, event, screen });
    return fitted.answer;
  }

  /** Checks the state the handlers left against the schema (a bug fails here, not on load). */
  private finish(scope: Scope, answer: Answer): { answer: Answer; data: SessionData | undefined } {
    const checked = this.schemaOf(scope.data).safeParse(scope.ctx.state);
    if (!checked.success) {
      throw new Error(
        `the session state does not match the state schema: ${checked.error.message}`,
        {
          cause: checked.error,
        },
      );
    }
    scope.data.state = checked.data;
    return { answer, data: scope.data };
  }

  private async resume(
    body: ContinueSession,
    record: SessionRecord | undefined,
    signal: EventSignal,
  ): Promise<{ answer: Answer; data: SessionData | undefined; restarted?: boolean }> {
    const { engine, locales, events } = this.config;
    const { emit } = events;
    const stored = asSessionData(record?.state);
    if (record === undefined || stored === undefined) {
      // No session, so no language of its own: the first language's text.
      emit?.({ type: 'session.end', sessionId: body.sessionId, reason: 'Expired' });
      return { answer: info(locales.first.messages.expired), data: undefined, restarted: true };
    }
    // A copy (a loaded record is read-only, see SessionStore), when the session may go on in
    // this version of the app.
    const data = carryOver(record, this.#carry);
    if (data === undefined) {
      const { messages } = locales.of(stored.language);
      emit?.({ type: 'session.end', sessionId: body.sessionId, reason: 'FlowChanged' });
      return { answer: info(messages.flowChanged), data: undefined, restarted: true };
    }
    const scope: Scope = { data, ctx: this.context(data, body.sessionId, signal) };
    const answer =
      data.offer !== undefined && this.#resumer !== undefined
        ? this.#resumer.answer(scope, body.result, engine, this.firstScreen(data))
        : engine.continue(scope, body.result);
    return this.finish(scope, await answer.catch(onScreen(scope)));
  }

  /** Where a dialled session starts: the `entry.dial` screen of its extra segments, or `start`. */
  private firstScreen(data: SessionData): string {
    const { start } = data;
    if (start.type !== 'Dial') return this.config.start;
    return (
      this.entryFor({ type: 'Dial', shortcodeString: start.shortcodeString }).screen ??
      this.config.start
    );
  }

  /** Handles close and abort: hook with the reason and state, then the session is deleted. */
  async end(event: 'close' | 'abort', body: CloseSession | AbortSession): Promise<void> {
    const { store, onError, events } = this.config;
    const { emit } = events;
    const seen = this.config.observer?.begin(event, body.sessionId);
    let outcome: 'ended' | 'error' = 'ended';
    try {
      await this.withLock(seen, body.sessionId, Date.now(), async () => {
        try {
          const hook = event === 'close' ? this.config.onClose : this.config.onAbort;
          const keep = event === 'close' && this.#resumer?.keeps(body.reason.type) === true;
          // Without a hook or resume, nothing needs the session's last state (but the
          // instrumentations, for the screen it ended on): it is only deleted.
          if (hook === undefined && !keep && seen === undefined) return;
          const loading = seen && performance.now();
          const record = await store.load(body.sessionId, body.contextData);
          if (loading !== undefined) this.loaded(seen, loading, record, undefined);
          if (hook === undefined && !keep) return;
          const data = carryOver(record, this.#carry);
          // A session that could not be kept is reported; the hook still runs.
          if (keep)
            await this.#resumer
              ?.keep(data)
              .catch((error) => onError(error, { sessionId: body.sessionId, event }));
          if (hook === undefined) return;
          // The hook sees the app's own state, whatever flow the session was in.
          const parsed = data && this.config.stateSchema.safeParse(appState(data));
          const running = seen && performance.now();
          await hook({
            sessionId: body.sessionId,
            // The close or abort reason, as the hook for this event was typed.
            reason: body.reason as never,
            state: parsed?.success === true ? parsed.data : undefined,
          });
          if (running !== undefined) seen?.phase('handlers', running);
        } finally {
          const deleting = seen && performance.now();
          await store.delete(body.sessionId);
          if (deleting !== undefined) seen?.phase('store.delete', deleting);
        }
      });
    } catch (error) {
      outcome = 'error';
      onError(error, { sessionId: body.sessionId, event });
    }
    emit?.({ type: 'session.end', sessionId: body.sessionId, reason: body.reason.type });
    seen?.end(outcome);
  }
}

/** Store failures worth a second try: an outage, or the session's lock held too long. */
function isTransientStoreError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'STORE_UNAVAILABLE' || code === 'SESSION_LOCK_TIMEOUT';
}
