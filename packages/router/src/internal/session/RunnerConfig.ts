import type { NewSession } from '@ussdkit/protocol';
import type { z } from 'zod';
import type { ErrorInfo } from '../../ErrorInfo';
import type { ResumeOptions } from '../../ResumeOptions';
import type { SessionStore } from '../../SessionStore';
import type { FlowEngine } from '../engine/FlowEngine';
import type { FlowFrames } from '../engine/flowFrames';
import type { Locales } from '../engine/locales';
import type { LooseContext } from '../engine/looseScreen';
import type { Observer } from '../observe/observer';
import type { RouterEvents } from '../observe/RouterEvents';

/** An entry point (push, a redirect's process) as the runner uses it. */
export interface LooseEntry {
  readonly screen: string;
  readonly schema: z.ZodType;
  readonly onStart?: ((value: never, ctx: LooseContext) => unknown) | undefined;
}

/** A close or abort hook, its state erased (it only receives states parsed by the app's schema). */
export type LooseEndHook = (info: { sessionId: string; reason: never; state: unknown }) => unknown;

/** What the session runner needs from the app definition. */
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
  readonly onClose: LooseEndHook | undefined;
  readonly onAbort: LooseEndHook | undefined;
  readonly onError: (error: unknown, info: ErrorInfo) => void;
  /** Where router events go (see RouterEvents: no event is built while nobody listens). */
  readonly events: RouterEvents;
  /** The app's `resume`; undefined when it has none. */
  readonly resume?: ResumeOptions | undefined;
  /** Told each event's steps; undefined when the app has no instrumentation. */
  readonly observer?: Observer | undefined;
}
