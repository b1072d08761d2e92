import type {
  AbortSession,
  CloseSession,
  ContinueSession,
  NewSession,
  SessionCommand,
} from '@ussdkit/protocol';
import { parseWire, sessionCommandSchema } from '@ussdkit/protocol';
import { ScreenTooLongError } from '../../ScreenTooLongError';
import { SessionAlreadyOpenError } from '../../SessionAlreadyOpenError';
import type { SessionRecord } from '../../SessionStore';
import { fitAnswer } from '../engine/fitView';
import type { ObservedEvent } from '../observe/observer';
import { screenOf } from '../observe/reportError';
import type { CarryRules } from './carryOver';
import { continueSession } from './continueSession';
import { DeadlineQueue, timedOut } from './DeadlineQueue';
import { deadlineFallback } from './deadlineFallback';
import { endSession } from './endSession';
import { raceWithSignal } from './eventSignal';
import type { RunnerConfig } from './RunnerConfig';
import { replayCheck } from './replay';
import { Resumer } from './resume';
import type { Answer } from './Scope';
import { asSessionData, type SessionData } from './SessionData';
import type { Handled } from './sessionScope';
import { infoAnswer } from './sessionScope';
import { startSession } from './startSession';
import { type EventStore, timedStore } from './timedStore';

/** The answer to `new` or `continue`, and whether the screen it shows asks a secret. */
export interface Answered {
  readonly command: SessionCommand;
  /** The screen shown is an `input({ secret: true })`: what the customer types next is secret. */
  readonly secret: boolean;
}

/** How an event ended, for its `event.handled` router event and its instrumentations. */
type Outcome = 'answered' | 'replayed' | 'deadline' | 'error' | 'restarted';

/** Handles session events under the session's lock: load, replay, run, save, deadline. */
export class EventRunner {
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

  /** Answers `new` or `continue`; never throws but {@link SessionAlreadyOpenError}. */
  async answer(event: 'new' | 'continue', body: NewSession | ContinueSession): Promise<Answered> {
    const { emit } = this.config.events;
    // Timed only for the event it reports.
    const began = emit === undefined ? 0 : performance.now();
    const seen = this.config.observer?.begin(event, body.sessionId);
    const store = seen === undefined ? this.config.store : timedStore(this.config.store, seen);
    const outcome: { value: Outcome } = { value: 'answered' };
    // The session's language once known, for the router's own answers (errors included).
    const session: { language?: string | undefined; screen?: string | undefined } = {};
    try {
      return await store.withLock(body.sessionId, async () => {
        const contextData = 'contextData' in body ? body.contextData : '';
        const record = await store.load(body.sessionId, contextData);
        this.#loaded(seen, record, session, 'msisdn' in body ? body : undefined);
        return this.respond(store, seen, event, body, record, session, outcome);
      });
    } catch (error) {
      outcome.value = 'error';
      return this.#failed(event, body, session, error);
    } finally {
      emit?.({
        type: 'event.handled',
        sessionId: body.sessionId,
        event,
        outcome: outcome.value,
        ms: performance.now() - began,
      });
      seen?.end(outcome.value);
    }
  }

  /**
   * The answer to an event whose session is loaded and locked: a replay of the answer given
   * before, or the handlers' answer, fitted to the screen and saved (deleted once it ends).
   */
  async respond(
    store: EventStore,
    seen: ObservedEvent | undefined,
    event: 'new' | 'continue',
    body: NewSession | ContinueSession,
    record: SessionRecord | undefined,
    session: { language?: string | undefined },
    outcome: { value: Outcome },
  ): Promise<Answered> {
    const contextData = 'contextData' in body ? body.contextData : '';
    const check = replayCheck(event, body, contextData, record);
    if (check.replay !== undefined) {
      outcome.value = 'replayed';
      const command = sessionCommandSchema.parse(check.replay);
      return { command, secret: this.#secretOn(asSessionData(record?.state), command) };
    }
    if (event === 'new' && record !== undefined) throw new SessionAlreadyOpenError(body.sessionId);
    const running = seen && performance.now();
    const result = await raceWithSignal(this.#deadlines, this.config.deadlineMs, (signal) =>
      event === 'new'
        ? startSession(this.config, this.#resumer, body as NewSession, session, signal)
        : continueSession(
            this.config,
            this.#carry,
            this.#resumer,
            body as ContinueSession,
            record,
            signal,
          ),
    );
    if (result === timedOut) outcome.value = 'deadline';
    else if (result.restarted === true) outcome.value = 'restarted';
    const computed: Handled =
      result === timedOut
        ? await deadlineFallback(
            this.config,
            this.#carry,
            this.#fallbackDeadlines,
            body,
            record,
            session.language,
          )
        : result;
    if (running !== undefined) seen?.phase('handlers', running);
    const { data } = computed;
    const answer = this.#fit(computed.answer, body.sessionId, event, data?.screen);
    if (data === undefined) {
      await store.delete(body.sessionId);
      const command = { ...answer.command, contextData: '' };
      return { command: parseWire(sessionCommandSchema, command, 'app answer'), secret: false };
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
      lastEvent: { key: check.key(), answer: command },
    };
    const stored = await store.save(body.sessionId, saved);
    const secret = this.#secretOn(data, command);
    return stored === undefined
      ? { command, secret }
      : { command: { ...command, contextData: stored }, secret };
  }

  /** Handles close and abort; never throws. */
  async end(event: 'close' | 'abort', body: CloseSession | AbortSession): Promise<void> {
    const seen = this.config.observer?.begin(event, body.sessionId);
    const store = seen === undefined ? this.config.store : timedStore(this.config.store, seen);
    let outcome: 'ended' | 'error' = 'ended';
    try {
      await endSession(this.config, this.#carry, this.#resumer, store, seen, event, body);
    } catch (error) {
      outcome = 'error';
      this.config.onError(error, { sessionId: body.sessionId, event });
    }
    const { emit } = this.config.events;
    emit?.({ type: 'session.end', sessionId: body.sessionId, reason: body.reason.type });
    seen?.end(outcome);
  }

  /** Notes the session an event found (on `new`, the event's own) for its instrumentations. */
  #loaded(
    seen: ObservedEvent | undefined,
    record: SessionRecord | undefined,
    session: { language?: string | undefined },
    started: NewSession | undefined,
  ): void {
    const stored = asSessionData(record?.state);
    session.language = stored?.language;
    if (seen === undefined) return;
    if (started !== undefined) seen.session({ msisdn: started.msisdn, screen: undefined });
    else if (stored !== undefined) seen.session({ msisdn: stored.msisdn, screen: stored.screen });
  }

  /** Whether the answer asks for a secret: an InputView of an `input({ secret: true })`. */
  #secretOn(data: SessionData | undefined, command: SessionCommand): boolean {
    const { action } = command;
    if (data === undefined || action.type !== 'ShowView' || action.view.type !== 'InputView') {
      return false;
    }
    const screen = this.config.engine.screens[data.screen];
    return screen?.kind === 'input' && screen.secret === true;
  }

  /**
   * The customer's answer when the event failed: the error reported, then `messages.busy` on the
   * same screen for a store that is down or a lock held too long on a continue (nothing was saved,
   * so echoing its contextData leaves the session where it was), else `messages.unavailable`.
   */
  #failed(
    event: 'new' | 'continue',
    body: NewSession | ContinueSession,
    session: { language?: string | undefined },
    error: unknown,
  ): Answered {
    const { onError, locales } = this.config;
    onError(error, { sessionId: body.sessionId, event, screen: screenOf(error) });
    // Not the customer's answer to give: the door tells the caller with a 409.
    if (error instanceof SessionAlreadyOpenError) throw error;
    const { messages } = locales.of(session.language);
    if (event === 'continue' && isTransientStoreError(error)) {
      const view = { type: 'InputView', message: messages.busy } as const;
      const { contextData } = body as ContinueSession;
      const command = { action: { type: 'ShowView', view }, contextData };
      return { command: parseWire(sessionCommandSchema, command, 'app answer'), secret: false };
    }
    const command = sessionCommandSchema.parse(infoAnswer(messages.unavailable).command);
    return { command, secret: false };
  }

  /**
   * The answer within the screen limit: a longer view is cut, and the cut reported. Info and
   * input texts are paged already, so this cuts only what cannot be paged (a chooser's title, a
   * label) or keys that do not fit even a page of one character.
   */
  #fit(answer: Answer, sessionId: string, event: 'new' | 'continue', screen?: string): Answer {
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
}

/** Store failures worth a second try: an outage, or the session's lock held too long. */
function isTransientStoreError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'STORE_UNAVAILABLE' || code === 'SESSION_LOCK_TIMEOUT';
}
