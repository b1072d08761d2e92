import type {
  AbortReasonType,
  AbortSession,
  CloseReasonType,
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
import { endNeedsData, endSession, type SessionEnd, type TextEnding } from './endSession';
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

/** One event's session, locked and loaded (see {@link EventRunner.turn}). */
export interface Turn {
  readonly store: EventStore;
  readonly seen: ObservedEvent | undefined;
  record: SessionRecord | undefined;
  /** The session's language once known, for the router's own answers (errors included). */
  language: string | undefined;
  outcome: Outcome;
  /** The event as it turned out (a text gateway's request is a `new` or a `continue` by its session). */
  event: 'new' | 'continue';
  /** When the event arrived (`Date.now()`): its deadline counts from there. */
  readonly arrived: number;
}

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
  answer(event: 'new' | 'continue', body: NewSession | ContinueSession): Promise<Answered> {
    const contextData = 'contextData' in body ? body.contextData : '';
    return this.turn(
      event,
      body.sessionId,
      contextData,
      (turn) => {
        if ('msisdn' in body) turn.seen?.session({ msisdn: body.msisdn, screen: undefined });
        return this.respond(turn, event, body);
      },
      (error, turn) => this.failed(event, body.sessionId, contextData, turn.language, error),
    );
  }

  /**
   * One event's turn on its session: the lock taken, the record loaded, `work` done with them,
   * the event reported (`event.handled`, the instrumentations). A failure is answered by `fail`.
   */
  async turn<T>(
    event: 'new' | 'continue',
    sessionId: string,
    contextData: string,
    work: (turn: Turn) => Promise<T>,
    fail: (error: unknown, turn: Turn) => T,
  ): Promise<T> {
    const { emit } = this.config.events;
    // Timed only for the event it reports.
    const began = emit === undefined ? 0 : performance.now();
    const seen = this.config.observer?.begin(event, sessionId);
    const store = seen === undefined ? this.config.store : timedStore(this.config.store, seen);
    const arrived = Date.now();
    const turn: Turn = {
      store,
      seen,
      record: undefined,
      language: undefined,
      outcome: 'answered',
      event,
      arrived,
    };
    const lock = { deadline: arrived + this.config.deadlineMs };
    try {
      return await store.withLock(
        sessionId,
        async () => {
          const record = await store.load(sessionId, contextData);
          const stored = asSessionData(record?.state);
          turn.record = record;
          turn.language = stored?.language;
          if (stored !== undefined) seen?.session({ msisdn: stored.msisdn, screen: stored.screen });
          return work(turn);
        },
        lock,
      );
    } catch (error) {
      turn.outcome = 'error';
      return fail(error, turn);
    } finally {
      emit?.({
        type: 'event.handled',
        sessionId,
        event: turn.event,
        outcome: turn.outcome,
        ms: performance.now() - began,
      });
      seen?.end(turn.outcome);
    }
  }

  /**
   * The answer to an event whose session is loaded and locked: a replay of the answer given
   * before, or the handlers' answer, fitted to the screen and saved (deleted once it ends).
   */
  async respond(
    turn: Turn,
    event: 'new' | 'continue',
    body: NewSession | ContinueSession,
    gateway?: (ended: boolean) => unknown,
  ): Promise<Answered> {
    const { store, seen, record } = turn;
    const session = turn;
    const contextData = 'contextData' in body ? body.contextData : '';
    const check = replayCheck(event, body, contextData, record);
    if (check.replay !== undefined) {
      turn.outcome = 'replayed';
      const command = sessionCommandSchema.parse(check.replay);
      return { command, secret: this.secretOn(asSessionData(record?.state), command) };
    }
    if (event === 'new' && record !== undefined) throw new SessionAlreadyOpenError(body.sessionId);
    const running = seen && performance.now();
    const { deadlines, ms } = this.#handlerDeadline(turn.arrived);
    const result = await raceWithSignal(deadlines, ms, (signal) =>
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
    if (result === timedOut) turn.outcome = 'deadline';
    else if (result.restarted === true) turn.outcome = 'restarted';
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
      ...(gateway === undefined ? {} : { gateway: gateway(endsSession(command)) }),
    };
    const stored = await store.save(body.sessionId, saved);
    const secret = this.secretOn(data, command);
    return stored === undefined || gateway !== undefined
      ? { command, secret }
      : { command: { ...command, contextData: stored }, secret };
  }

  /** Handles close and abort; never throws. */
  end(event: 'close' | 'abort', body: CloseSession | AbortSession): Promise<void> {
    const { sessionId, appId, reason } = body;
    return this.#end({ event, sessionId, appId, reason }, body.contextData);
  }

  /**
   * A text gateway's end: the provider's (`close`, the hooks skipped for a session that ended
   * on its final screen, whose hooks ran then) or the door's giving up (`abort`).
   */
  endText(
    sessionId: string,
    event: 'close' | 'abort',
    type: CloseReasonType | AbortReasonType,
  ): Promise<void> {
    const reason = { type } as CloseSession['reason'];
    return this.#end({ event, sessionId, appId: '', reason }, '', { afterFinal: true });
  }

  /** After a text gateway's final screen: the `End` hooks run, the ended session kept. */
  async closeEnded(sessionId: string): Promise<void> {
    const end = { event: 'close', sessionId, appId: '', reason: { type: 'End' } } as const;
    if (endNeedsData(this.config, this.#resumer, end)) await this.#end(end, '', { keep: true });
    else this.config.events.emit?.({ type: 'session.end', sessionId, reason: 'End' });
  }

  /** The router's unavailable text, in a session's language. */
  unavailable(language?: string): string {
    return this.config.locales.of(language).messages.unavailable;
  }

  async #end(end: SessionEnd, contextData: string, text?: TextEnding): Promise<void> {
    const { event, sessionId } = end;
    const seen = this.config.observer?.begin(event, sessionId);
    const store = seen === undefined ? this.config.store : timedStore(this.config.store, seen);
    let outcome: 'ended' | 'error' = 'ended';
    let before = false;
    try {
      const { config } = this;
      const lock = { deadline: Date.now() + config.deadlineMs };
      const said = await endSession(
        config,
        this.#carry,
        this.#resumer,
        store,
        seen,
        end,
        contextData,
        text,
        lock,
      );
      before = said === 'ended before';
    } catch (error) {
      outcome = 'error';
      this.config.onError(error, { sessionId, event });
    }
    const { emit } = this.config.events;
    // A text gateway's session that ended on its final screen was told then.
    if (!before) emit?.({ type: 'session.end', sessionId, reason: end.reason.type });
    seen?.end(outcome);
  }

  /**
   * The handlers' deadline: `deadlineMs`, less what the store waited past its `lockWaitMs` (a
   * Redis failover ridden out), so that the answer still beats the gateway (decision 0037).
   */
  #handlerDeadline(arrived: number): { deadlines: DeadlineQueue; ms: number } {
    const { deadlineMs, store } = this.config;
    const over = Date.now() - arrived - (store.lockWaitMs ?? Number.POSITIVE_INFINITY);
    if (!(over > 0)) return { deadlines: this.#deadlines, ms: deadlineMs };
    const ms = Math.max(1, deadlineMs - over);
    return { deadlines: new DeadlineQueue(ms), ms };
  }

  /** Whether the answer asks for a secret: an InputView of an `input({ secret: true })`. */
  secretOn(data: SessionData | undefined, command: SessionCommand): boolean {
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
  failed(
    event: 'new' | 'continue',
    sessionId: string,
    contextData: string,
    language: string | undefined,
    error: unknown,
  ): Answered {
    const { onError, locales } = this.config;
    onError(error, { sessionId, event, screen: screenOf(error) });
    // Not the customer's answer to give: the door tells the caller with a 409.
    if (error instanceof SessionAlreadyOpenError) throw error;
    const { messages } = locales.of(language);
    if (event === 'continue' && isTransientStoreError(error)) {
      const view = { type: 'InputView', message: messages.busy } as const;
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

/** Whether an answer ends the session: a final screen (the gateway closes after it). */
function endsSession(command: SessionCommand): boolean {
  return command.action.type === 'ShowView' && command.action.view.type === 'InfoView';
}

/** Store failures worth a second try: an outage, or the session's lock held too long. */
function isTransientStoreError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'STORE_UNAVAILABLE' || code === 'SESSION_LOCK_TIMEOUT';
}
