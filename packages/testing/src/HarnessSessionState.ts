import type { AbortReasonType, CloseReasonType, ScreenLimits } from '@ussdkit/protocol';
import { HarnessAssertionError } from './HarnessError';
import type { HarnessWaiting } from './HarnessWaiting';
import {
  abortedFailure,
  closedFailure,
  fitFailure,
  screenFailure,
} from './internal/sessionFailures';

/**
 * What a test reads of a harness session and checks: the screen, how the session ended, what
 * the phone waits for, the app's answers and the transcript. {@link HarnessSession} adds the
 * steps that drive it. Nothing here holds a secret typed in clear: the transcript writes it `••••`.
 *
 * @example
 * ```ts
 * session.expectScreen(/Thank you/).expectClosed('End');
 * console.log(session.transcript.join('\n'));
 * ```
 */
export abstract class HarnessSessionState {
  /** The exact text on the phone's screen. */
  screen = '';
  /** Whether the gateway session is still going. */
  open = true;
  /** Why the session closed (`End` after an InfoView, `Abandon`, `Timeout`), once closed. */
  closeReason: CloseReasonType | undefined;
  /** Why the gateway aborted the session (e.g. `InternalError` after a `LegacyAppRedirect`). */
  abortReason: AbortReasonType | undefined;
  /** The sentence that explains the gateway's abort, as the sandbox writes it, when it has one. */
  abortMessage: string | undefined;
  /** The `contextData` of the app's last answer, echoed in the next event. */
  contextData = '';
  /** The `sessionTag` the app set last, if any. */
  sessionTag: string | undefined;
  /** The `resultParams` of the app's `ReturnFromRedirect`, once it returned. */
  returnedWith: Record<string, string> | undefined;
  /** What the phone waits for. */
  waiting: HarnessWaiting = { kind: 'none' };
  /** Every answer body the app gave to `new` and `continue`, in order (validate them in tests). */
  readonly answers: unknown[] = [];
  /**
   * A readable log of the session: `>` what the phone sent (`> ••••` for a secret), `<` what it
   * showed, `(gateway: …)` what the gateway did by itself.
   */
  readonly transcript: string[] = [];

  /** Fails with the expected and actual screen and the transcript unless the screen matches. */
  expectScreen(expected: string | RegExp): this {
    return this.holds(screenFailure(this, expected));
  }

  /**
   * Fails unless the screen fits the phone: GSM 7-bit septets within 182, or UCS-2 characters
   * within 80 when any character is outside GSM 7-bit (limits configurable).
   */
  expectScreenFits(limits: ScreenLimits = {}): this {
    return this.holds(fitFailure(this, limits));
  }

  /** Fails unless the session is closed, with this reason when one is given. */
  expectClosed(reason?: CloseReasonType): this {
    return this.holds(closedFailure(this, reason));
  }

  /** Fails unless the gateway aborted the session, for this reason when one is given. */
  expectAborted(reason?: AbortReasonType): this {
    return this.holds(abortedFailure(this, reason));
  }

  private holds(failure: string | undefined): this {
    if (failure !== undefined) throw new HarnessAssertionError(failure);
    return this;
  }
}
