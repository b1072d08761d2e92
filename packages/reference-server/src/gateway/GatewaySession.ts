import type { AbortReason, AbortReasonType, CloseReasonType } from '@ussdkit/protocol';
import type { TimerHandle } from '../core/Clock';
import type { Dialog } from './dialogs/Dialog';
import type { SentEvent } from './faults/deliverWithFaults';
import type { InjectedFault, SessionReport, TranscriptEntry } from './Gateway';
import type { GatewayApp } from './GatewayDeps';

/** One app taking part in a session, with the contextData it last set. */
export interface AppFrame {
  readonly app: GatewayApp;
  contextData: string;
}

/** What the gateway knows of a session started by `POST /ussd/app/push`. */
export interface PushState {
  /** The push's contextData, sent again when its recovery code starts a new session. */
  readonly contextData: string;
  /**
   * The customer responded to the push (answered or cancelled it, or dialled its recovery code
   * while it was open): it is no longer pending, and its recovery code is spent.
   */
  takenUp: boolean;
  /**
   * The app's first screen was an InfoView: the phone shows it as a notice (`open: false`) while
   * the session is already closed with `End`.
   */
  notice: boolean;
}

/** How a session ends: a close with its reason, or an abort with its reason and sentence. */
export type SessionEnding =
  | { readonly kind: 'close'; readonly reason: CloseReasonType }
  | {
      readonly kind: 'abort';
      readonly reason: AbortReason;
      /** Why, as a sentence that says what to change. */
      readonly message: string;
    };

/** A pause of the session while the gateway waits (sandbox time) for the bank. */
export interface Pause {
  /** Resolves when the wait is over (its result handed on) or the session ended. */
  readonly over: Promise<void>;
  release(): void;
}

/** The gateway's state of one session (mutable, owned by the session machine). */
export interface GatewaySession {
  readonly id: string;
  /** The msisdn as the phone gave it (sent to apps in that form). */
  readonly msisdn: string;
  readonly operator: string;
  /** The dialled (or pushing) app: its developer is charged. */
  readonly root: AppFrame;
  /** Apps in redirect order; the last one is talking to the phone. */
  readonly stack: AppFrame[];
  /** Every app that received `new`; all are notified when the session ends. */
  readonly participants: AppFrame[];
  readonly startedAt: number;
  endedAt?: number;
  open: boolean;
  closeReason?: CloseReasonType;
  abortReason?: AbortReasonType;
  /** Why the session aborted, as a sentence that says what to change. */
  abortMessage?: string;
  screen: string;
  /** What the phone's next input answers; undefined while nothing is asked. */
  waiting?: Dialog | undefined;
  /** The question on the screen is a secret: the next input is written masked. */
  asksSecret?: boolean;
  sessionTag?: string;
  readonly transcript: TranscriptEntry[];
  timer?: TimerHandle | undefined;
  /** When the armed Timeout is due (sandbox milliseconds). */
  deadline?: number;
  /** Serialises everything that happens to the session. */
  queue: Promise<unknown>;
  /** Set for a session started by a push. */
  push?: PushState | undefined;
  recoveryShortcode?: string | undefined;
  /** Set while the gateway waits for the bank; the phone's input answers once it is over. */
  pause?: Pause | undefined;
  ticks?: number;
  fee?: number;
  /** Each app's last `new` or `continue` as sent, for the `reorder` fault. */
  lastSent?: Map<string, SentEvent> | undefined;
  /** Faults injected into the session (docs/faults.md). */
  faults?: InjectedFault[];
}

/**
 * Writes one line of the session's transcript, at `now` (sandbox milliseconds).
 *
 * @example
 * ```ts
 * logLine(session, clock.now(), 'gateway', 'screen: Menu');
 * ```
 */
export function logLine(
  session: GatewaySession,
  now: number,
  from: TranscriptEntry['from'],
  text: string,
): void {
  session.transcript.push({ at: toSeconds(now), from, text });
}

/**
 * Milliseconds to the seconds the sandbox API speaks.
 *
 * @example
 * ```ts
 * toSeconds(1_500); // 1.5
 * ```
 */
export function toSeconds(ms: number): number {
  return ms / 1000;
}

/**
 * The `GET /sandbox/sessions/{id}` view of a session; open sessions count ticks and fee so far.
 *
 * @example
 * ```ts
 * const report = sessionReport(session, { ticks: 2, fee: 4 });
 * ```
 */
export function sessionReport(
  session: GatewaySession,
  ticksAndFee: { ticks: number; fee: number },
): SessionReport {
  return {
    sessionId: session.id,
    appId: session.root.app.appId,
    msisdn: session.msisdn,
    open: session.open,
    ...(session.closeReason === undefined ? {} : { closeReason: session.closeReason }),
    ...(session.abortReason === undefined ? {} : { abortReason: session.abortReason }),
    ...(session.abortMessage === undefined ? {} : { abortMessage: session.abortMessage }),
    startedAt: toSeconds(session.startedAt),
    ...(session.endedAt === undefined ? {} : { endedAt: toSeconds(session.endedAt) }),
    ticks: ticksAndFee.ticks,
    fee: ticksAndFee.fee,
    chargedClientId: session.root.app.clientId,
    ...(session.sessionTag === undefined ? {} : { sessionTag: session.sessionTag }),
    transcript: session.transcript.map((entry) => ({ ...entry })),
    ...(session.faults === undefined ? {} : { faults: session.faults.map((f) => ({ ...f })) }),
  };
}
