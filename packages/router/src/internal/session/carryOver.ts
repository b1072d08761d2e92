import type { z } from 'zod';
import type { SessionRecord } from '../../SessionStore';
import type { LooseScreen } from '../engine/looseScreen';
import { cloneJson } from './cloneJson';
import { asSessionData, type SessionData, shapedSessionData } from './SessionData';

/** What a stored session is checked against: this version of the app. */
export interface CarryRules {
  readonly flowVersion: string;
  /** The app's own state schema. */
  readonly stateSchema: z.ZodType;
  readonly screens: Readonly<Record<string, LooseScreen>>;
  /** The schema of a session's state inside the flows it is in (the innermost flow's). */
  readonly schemaOf?: ((data: SessionData) => z.ZodType | undefined) | undefined;
}

/**
 * The session data of a stored record when the session may go on in this version of the app, or
 * `undefined` when it must end (`messages.flowChanged`). On the version it was saved by, a
 * session goes on when its state parses. Saved by another version (a deploy), it goes on when
 * its state parses with this schema and its screen still exists and can take the event it waits
 * for (a paged info, a payment in progress, a chooser's kept items leading to screens that
 * exist); history frames whose screen is gone or whose state no longer parses are dropped, so
 * back skips them. The data is a copy the handlers may change.
 */
export function carryOver(
  record: SessionRecord | undefined,
  rules: CarryRules,
): SessionData | undefined {
  const stored = asSessionData(record?.state);
  if (record === undefined || stored === undefined) return undefined;
  const sameVersion = record.flowVersion === rules.flowVersion;
  // Inside flows, every caller's screen must still call a flow, and each caller's state parse.
  if (!sameVersion && !framesCarry(rules, stored)) return undefined;
  const schema = schemaAt(rules, stored);
  const parsed = schema.safeParse(stored.state);
  if (!parsed.success) return undefined;
  const data = shapedSessionData(stored);
  data.state = cloneJson(parsed.data);
  data.history = [...stored.history];
  if (sameVersion) return data;
  if (!waitsOn(rules.screens, data)) return undefined;
  const parses = (state: unknown) => schema.safeParse(state).success;
  data.history = data.history.filter(
    (frame) => Object.hasOwn(rules.screens, frame.screen) && parses(frame.state),
  );
  // Back restores the entry state: one the schema refuses would fail there, later.
  if (!parses(data.entryState)) data.entryState = cloneJson(parsed.data);
  return data;
}

/** The schema of `data`'s state: the innermost flow's it is in, or the app's. */
function schemaAt(rules: CarryRules, data: SessionData): z.ZodType {
  return rules.schemaOf?.(data) ?? rules.stateSchema;
}

/**
 * Whether the flow frames of a session saved by another version fit this one: each caller's
 * screen still calls a flow, and each caller's state parses with the schema of where it was.
 */
function framesCarry(rules: CarryRules, data: SessionData): boolean {
  const frames = data.frames ?? [];
  return frames.every((frame, i) => {
    const screen = Object.hasOwn(rules.screens, frame.call) ? rules.screens[frame.call] : undefined;
    if (screen?.kind !== 'callFlow') return false;
    const caller = schemaAt(rules, { ...data, frames: frames.slice(0, i) });
    return caller.safeParse(frame.state).success;
  });
}

/** Whether the session's screen exists and can take the event the session waits for. */
function waitsOn(screens: Readonly<Record<string, LooseScreen>>, data: SessionData): boolean {
  const screen = Object.hasOwn(screens, data.screen) ? screens[data.screen] : undefined;
  if (screen === undefined) return false;
  if (screen.kind === 'info') return data.pages !== undefined;
  if (screen.kind === 'merchantPayment') return data.operationId !== undefined;
  if (screen.kind === 'chooser') {
    const next = (data.items ?? []).map((item) => item.next);
    return next.every((name) => name === undefined || Object.hasOwn(screens, name));
  }
  return true;
}
