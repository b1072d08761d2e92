import type { NewSession } from '@ussdkit/protocol';
import { parseShortcode } from '@ussdkit/protocol';
import type { SessionStart } from '../../Context';
import { UnknownLanguageError } from '../../UnknownLanguageError';
import { onScreen } from '../observe/reportError';
import { cloneJson } from './cloneJson';
import type { EventSignal } from './eventSignal';
import type { LooseEntry, RunnerConfig } from './RunnerConfig';
import type { Resumer } from './resume';
import { type SessionData, shapedSessionData } from './SessionData';
import { finish, type Handled, infoAnswer, scopeOf } from './sessionScope';

/** Where a new session enters the app, read from its first event's input. */
export interface EntryPoint {
  readonly start: SessionStart;
  readonly screen?: string;
  readonly entry?: LooseEntry;
  readonly value?: unknown;
  /** The `process.id` of a redirect the app has no entry for. */
  readonly unknownProcess?: string;
}

/** The extra segments of a dial string, and the `entry.dial` key they make. */
interface Dialled {
  readonly segments: readonly string[];
  readonly key: string;
}

/**
 * Dial strings read lately: a service is dialled by a handful of strings, and reading one was
 * about a tenth of a dial's cost. Bounded: past 256 strings it starts again. The segments are
 * frozen, since every session dialled with the string keeps them in its start.
 */
const dialStrings = new Map<string, Dialled>();

function dialled(shortcodeString: string): Dialled {
  let read = dialStrings.get(shortcodeString);
  if (read === undefined) {
    let segments: readonly string[] = [];
    try {
      segments = parseShortcode(shortcodeString).segments;
    } catch {
      // An unusual dial string (not *main*app#) simply starts at `start`.
    }
    read = { segments: Object.freeze([...segments]), key: segments.join('*') };
    if (dialStrings.size >= 256) dialStrings.clear();
    dialStrings.set(shortcodeString, read);
  }
  return read;
}

/** The entry point of a dial (its extra segments), a push or a redirect. */
export function entryFor(config: RunnerConfig, input: NewSession['input']): EntryPoint {
  const { dial, push, redirect, start } = config;
  if (input.type === 'Dial') {
    const { segments, key } = dialled(input.shortcodeString);
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
  // A copy: the session keeps it, and a typed event's object is its caller's.
  const params = cloneJson(process?.params ?? {});
  const from: SessionStart = { type: 'Redirect', processId: process?.id, params };
  // Without a process, the other app sends the customer to this app as a whole.
  if (process === undefined) return { start: from };
  const entry = Object.hasOwn(redirect, process.id) ? redirect[process.id] : undefined;
  if (entry === undefined) return { start: from, unknownProcess: process.id };
  return { start: from, entry, value: params };
}

/** Where a dialled session starts: the `entry.dial` screen of its extra segments, or `start`. */
export function firstScreen(config: RunnerConfig, data: SessionData): string {
  const { start } = data;
  if (start.type !== 'Dial') return config.start;
  const dialled = { type: 'Dial', shortcodeString: start.shortcodeString } as const;
  return entryFor(config, dialled).screen ?? config.start;
}

/** The data of a new session, before its first screen. */
export function initialData(
  config: RunnerConfig,
  body: NewSession,
  start: SessionStart,
  language: string,
): SessionData {
  const state = config.stateSchema.parse(config.initialState());
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
 * The language of a new session: the app's `language(event)` when it names one of the app's
 * languages, else the first. A failing or wrong pick is reported, and the session goes on in
 * the first language: a preference lookup must not keep the customer out.
 */
async function pickLanguage(config: RunnerConfig, body: NewSession): Promise<string> {
  const { chooseLanguage, locales, onError } = config;
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

/**
 * Handles `new`: the entry point's screen (or the resume prompt for a caller with a kept
 * session), after the entry's `onStart`. A redirect to a process the app does not offer gets the
 * `redirectUnavailable` screen, or the spec's "operation is not available" message.
 */
export async function startSession(
  config: RunnerConfig,
  resumer: Resumer | undefined,
  body: NewSession,
  session: { language?: string | undefined },
  signal: EventSignal,
): Promise<Handled> {
  const { engine, events, locales, redirectUnavailable } = config;
  const { emit } = events;
  const { sessionId, input } = body;
  const { start, entry, value, screen: dialled, unknownProcess } = entryFor(config, input);
  const offer = input.type === 'Dial' ? await resumer?.take(body.appId, body.msisdn) : undefined;
  const language = offer?.language ?? (await pickLanguage(config, body));
  session.language = language;
  const locale = locales.of(language);
  const data = initialData(config, body, start, language);
  if (offer !== undefined && resumer !== undefined) {
    data.offer = offer;
    return { answer: resumer.prompt(locale), data };
  }
  const scope = scopeOf(config, data, sessionId, signal);
  let screen = dialled ?? config.start;
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
      return { answer: infoAnswer(locale.messages.processUnavailable), data: undefined };
    }
    screen = redirectUnavailable;
  }
  emit?.({ type: 'session.start', sessionId, via: input.type, screen });
  const answer = await engine.show(scope, screen).catch(onScreen(scope));
  return finish(config, scope, answer);
}
