import type {
  ContinueSession,
  NewSession,
  SessionCommand,
  SessionCommandInput,
} from '@ussdkit/protocol';
import { sessionCommandSchema } from '@ussdkit/protocol';
import type { UssdEvent } from '../../Dispatch';
import { SessionAlreadyOpenError } from '../../SessionAlreadyOpenError';
import type { SessionRecord } from '../../SessionStore';
import type { ObservedEvent } from '../observe/observer';
import { HandedOverRecord } from '../stores/handedOver';
import { type Answered, endsSession, failedAnswer, fittedAnswer } from './answerRules';
import type { CarryRules } from './carryOver';
import { cloneJson } from './cloneJson';
import { readAnswer } from './commandFastRead';
import { continueSession } from './continueSession';
import { DeadlineQueue, timedOut } from './DeadlineQueue';
import { deadlineFallback } from './deadlineFallback';
import { endNeedsData } from './endSession';
import { raceWithSignal } from './eventSignal';
import type { RunnerConfig } from './RunnerConfig';
import { replayCheck } from './replay';
import { Resumer } from './resume';
import type { Answer } from './Scope';
import { asSessionData, type SessionData } from './SessionData';
import { SessionEnds } from './SessionEnds';
import type { Handled } from './sessionScope';
import { startSession } from './startSession';
import { type EventStore, timedStore } from './timedStore';

export type { Answered } from './answerRules';

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

/**
 * The command with its contextData, as a literal: on Node 20, adding a key to a spread copy
 * (`{ ...command, contextData }`) makes a new hidden class each time, about a microsecond.
 */
function withContextData(command: Answer['command'], contextData: string): SessionCommandInput {
  const { action, sessionTag } = command;
  return sessionTag === undefined ? { action, contextData } : { action, contextData, sessionTag };
}

/**
 * The record saved after an event, handed over to the store (see `HandedOverRecord`): what the handlers
 * could still reach (the state, computed chooser items) is copied with JSON's rules, the rest
 * is the router's own or the loaded record's, which nothing changes.
 */
function savedRecord(
  config: RunnerConfig,
  data: SessionData,
  hop: number,
  last: { lastEvent: SessionRecord['lastEvent']; gateway: unknown },
): SessionRecord {
  const state = { ...data, hop };
  state.state = cloneJson(data.state);
  if (data.items !== undefined) state.items = cloneJson(data.items);
  return new HandedOverRecord(config.flowVersion, state, last.lastEvent, last.gateway);
}

/**
 * The record a text gateway's session keeps once its final screen is given, when no end hook
 * needs its data: only what answers the provider's repeats (the caller, the last answer, the
 * path's memo), not the app's state. Such records stay until the store's expiry, one per session
 * served (the providers send no end after a final screen); whole records made a memory store
 * at its bound hold some 200 MB, and a server's events cost 40 % more (decision 0046).
 */
function endedRecord(
  config: RunnerConfig,
  data: SessionData,
  hop: number,
  last: { lastEvent: SessionRecord['lastEvent']; gateway: unknown },
): SessionRecord {
  const { screen, msisdn, operator, start, language } = data;
  const state: SessionData = {
    state: null,
    screen,
    entryState: null,
    page: 0,
    attempts: 0,
    history: [],
    language,
    hop,
    msisdn,
    operator,
    start,
  };
  return new HandedOverRecord(config.flowVersion, state, last.lastEvent, last.gateway);
}

/** The end a final screen makes, for {@link endNeedsData}. */
const finalScreenEnd = { event: 'close', reason: { type: 'End' } } as const;

/** Handles session events under the session's lock: load, replay, run, save, deadline. */
export class EventRunner {
  readonly #deadlines: DeadlineQueue;
  readonly #fallbackDeadlines: DeadlineQueue;
  readonly #carry: CarryRules;
  readonly #resumer: Resumer | undefined;

  /** The ends of sessions (`close`, `abort`, a text gateway's). */
  readonly ends: SessionEnds;

  constructor(readonly config: RunnerConfig) {
    this.#deadlines = new DeadlineQueue(config.deadlineMs);
    this.#fallbackDeadlines = new DeadlineQueue(Math.max(1, config.fallbackMs));
    const { flowVersion, stateSchema, engine } = config;
    const schemaOf = config.flows && ((data: SessionData) => config.flows?.schemaOf(data));
    this.#carry = { flowVersion, stateSchema, screens: engine.screens, schemaOf };
    this.#resumer = Resumer.of(config.resume, config.store, this.#carry);
    this.ends = new SessionEnds(config, this.#carry, this.#resumer);
  }

  /** Handles close and abort; never throws. */
  end(event: 'close' | 'abort', body: Extract<UssdEvent, { type: 'close' | 'abort' }>['body']) {
    return this.ends.end(event, body);
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
      (error, turn) =>
        failedAnswer(this.config, event, body.sessionId, contextData, turn.language, error),
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
    const answer = fittedAnswer(this.config, computed.answer, body.sessionId, event, data?.screen);
    if (data === undefined) {
      await store.delete(body.sessionId);
      const command = withContextData(answer.command, '');
      return { command: readAnswer(command), secret: false };
    }
    // Each answer carries its hop number, so a replayed event (same body, same contextData)
    // differs from the customer genuinely sending the same input again.
    const hop = (data.hop ?? 0) + 1;
    // The answer the engine made is the session's own (made for this event, shared with no
    // handler): once the strict writer passed it, the store keeps it as the last answer, and
    // the caller gets the writer's output, so neither can change the other.
    const given = withContextData(answer.command, `h${hop}`);
    const command = readAnswer(given);
    const ended = endsSession(command);
    const last = { lastEvent: { key: check.key(), answer: given }, gateway: gateway?.(ended) };
    const slim =
      ended && gateway !== undefined && !endNeedsData(this.config, this.#resumer, finalScreenEnd);
    const stored = await store.save(
      body.sessionId,
      (slim ? endedRecord : savedRecord)(this.config, data, hop, last),
    );
    const secret = this.secretOn(data, command);
    return stored === undefined || gateway !== undefined
      ? { command, secret }
      : { command: { ...command, contextData: stored }, secret };
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
}
