import type { SessionStart } from '../../Context';
import type { KeyedItem } from '../engine/assignKeys';
import type { FlowFrame } from '../engine/flowFrames';

/** A screen the customer can go back to, with the state as it was when it was shown. */
export interface HistoryFrame {
  readonly screen: string;
  readonly state: unknown;
}

/** The router's per-session record (`SessionRecord.state`): a cursor, never the path replayed. */
export interface SessionData {
  /** The app's state (validated by the app's schema when loaded). */
  state: unknown;
  /** The screen waiting for the next event. */
  screen: string;
  /** The app state when `screen` was entered (restored by back). */
  entryState: unknown;
  page: number;
  attempts: number;
  history: HistoryFrame[];
  /**
   * The pages of an info or input text too long for one screen, kept while the screen is shown
   * (`page` is the one on the phone); undefined when the text fits.
   */
  pages?: string[] | undefined;
  /** The session's language (one of the app's); undefined in sessions saved before languages. */
  language?: string | undefined;
  /** Items of a computed chooser, kept until one is chosen. */
  items?: KeyedItem[] | undefined;
  /** The operationId of the merchant payment in progress. */
  operationId?: string | undefined;
  /** The callers of the flows in progress, innermost last; undefined or empty in the app. */
  frames?: readonly FlowFrame[] | undefined;
  /** How many answers the session has had; the router's own `contextData` is `h<hop>`. */
  hop?: number | undefined;
  msisdn: string;
  operator: string;
  start: SessionStart;
  /** The caller's dropped session, offered by the resume prompt this session is on. */
  offer?: SessionData | undefined;
}

/** The most history frames kept: older ones are dropped. */
export const MAX_HISTORY = 50;

/** Reads `SessionRecord.state` back as session data, or `undefined` when it is not one. */
export function asSessionData(value: unknown): SessionData | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const data = value as Partial<SessionData>;
  if (typeof data.screen !== 'string' || !Array.isArray(data.history)) return undefined;
  if (typeof data.page !== 'number' || typeof data.attempts !== 'number') return undefined;
  return data as SessionData;
}

/**
 * `data` as an object with every field of {@link SessionData} in one order, those it lacks as
 * undefined. Records come back from a store without their undefined fields, and the engine sets
 * them while it shows a screen: objects of one shape keep the engine's property accesses
 * monomorphic, where each missing field would change the object's hidden class on every event.
 * Fields this version does not know are left out.
 */
export function shapedSessionData(data: SessionData): SessionData {
  // Every key listed, optional ones too: a field added to SessionData must be added here.
  const shaped: { [K in keyof Required<SessionData>]: SessionData[K] } = {
    state: data.state,
    screen: data.screen,
    entryState: data.entryState,
    page: data.page,
    attempts: data.attempts,
    history: data.history,
    pages: data.pages,
    language: data.language,
    items: data.items,
    operationId: data.operationId,
    frames: data.frames,
    hop: data.hop,
    msisdn: data.msisdn,
    operator: data.operator,
    start: data.start,
    offer: data.offer,
  };
  return shaped;
}
