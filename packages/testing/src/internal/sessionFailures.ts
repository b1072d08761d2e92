import {
  type AbortReasonType,
  type CloseReasonType,
  measureScreen,
  type ScreenLimits,
} from '@ussdkit/protocol';
import { formatMismatch } from './formatMismatch';

/**
 * What failure messages read of a session. The transcript holds no secret in clear (what was
 * typed on a secret screen is written masked), so every message built from it is safe to print.
 */
export interface SessionFacts {
  readonly screen: string;
  readonly open: boolean;
  readonly closeReason: CloseReasonType | undefined;
  readonly abortReason: AbortReasonType | undefined;
  readonly transcript: readonly string[];
}

/** The screen and the transcript, ending every harness failure. */
export function describeSession(facts: SessionFacts): string {
  const lines = facts.transcript.map((line) => `  ${line}`).join('\n');
  return `Screen:\n${facts.screen}\n\nTranscript:\n${lines}`;
}

/** `still open`, `closed with End`, `aborted with InternalError`. */
export function sessionState(facts: SessionFacts): string {
  if (facts.open) return 'still open';
  if (facts.abortReason !== undefined) return `aborted with ${facts.abortReason}`;
  return `closed with ${String(facts.closeReason)}`;
}

/** Why `expectScreen` fails, or `undefined` when the screen matches. */
export function screenFailure(facts: SessionFacts, expected: string | RegExp): string | undefined {
  const { screen } = facts;
  if (typeof expected === 'string' ? screen === expected : expected.test(screen)) return undefined;
  return formatMismatch(expected, screen, facts.transcript);
}

/** Why `expectScreenFits` fails, or `undefined` when the screen fits. */
export function fitFailure(facts: SessionFacts, limits: ScreenLimits): string | undefined {
  const measure = measureScreen(facts.screen, limits);
  if (measure.fits) return undefined;
  return `Expected the screen to fit: it takes ${measure.length} of ${measure.limit} (${measure.encoding}).\n\n${describeSession(facts)}`;
}

/** Why `expectClosed` fails, or `undefined` when the session closed (with that reason). */
export function closedFailure(
  facts: SessionFacts,
  reason: CloseReasonType | undefined,
): string | undefined {
  if (!facts.open && (reason === undefined || facts.closeReason === reason)) return undefined;
  const wanted = reason === undefined ? '' : ` with ${reason}`;
  return `Expected the session to be closed${wanted}, but it is ${sessionState(facts)}.\n\n${describeSession(facts)}`;
}

/** Why `expectAborted` fails, or `undefined` when the gateway aborted it (for that reason). */
export function abortedFailure(
  facts: SessionFacts,
  reason: AbortReasonType | undefined,
): string | undefined {
  const { abortReason } = facts;
  if (abortReason !== undefined && (reason === undefined || abortReason === reason)) {
    return undefined;
  }
  const wanted = reason === undefined ? '' : ` with ${reason}`;
  return `Expected the session to be aborted${wanted}, but it is ${sessionState(facts)}.\n\n${describeSession(facts)}`;
}

/** Why the phone cannot `what` on a session that is over, or `undefined` while it is open. */
export function closedRefusal(facts: SessionFacts, what: string): string | undefined {
  if (facts.open) return undefined;
  const why = facts.abortReason === undefined ? facts.closeReason : `aborted, ${facts.abortReason}`;
  return `cannot ${what}: the session is closed (${String(why)})\n\n${describeSession(facts)}`;
}

/** Why the phone cannot `what` unless it waits for `kind`, or `undefined` when it does. */
export function waitingRefusal(
  facts: SessionFacts & { readonly waiting: { readonly kind: string } },
  kind: string,
  what: string,
): string | undefined {
  const refused = closedRefusal(facts, what);
  if (refused !== undefined || facts.waiting.kind === kind) return refused;
  return `cannot ${what}: the phone waits for ${facts.waiting.kind}, not ${kind}\n\n${describeSession(facts)}`;
}
