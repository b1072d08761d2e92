import { measureScreen, type ScreenLimits } from '@ussdkit/protocol';
import type { ExploreProblemKind } from '../ExploreResult';
import type { BranchRun } from './runBranch';

/** A fault of one step, before the explorer attaches its reproduction. */
export interface Fault {
  readonly kind: ExploreProblemKind;
  readonly screen: string;
  readonly message: string;
}

/** Where the step happened: the screen it led to, and the one it was sent from. */
export interface StepPlace {
  readonly here: string;
  readonly before: string;
}

/** The router checks its own answers with the wire schema; a failure is a `ProtocolError`. */
const isInvalidAnswer = (error: unknown) =>
  error instanceof Error && error.name === 'ProtocolError' && /app answer/.test(error.message);

const kindOf = (error: unknown): ExploreProblemKind => {
  if (isInvalidAnswer(error)) return 'invalid-answer';
  return error instanceof Error && error.name === 'ScreenTooLongError' ? 'too-long' : 'throws';
};

const describeError = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/**
 * The faults of a branch's last step: errors the router caught (`throws`, or `invalid-answer` and
 * `too-long` for its own checks), overflow and deadline events, the harness's refusal of the
 * answer, and a phone screen over the limit (for answers the router did not measure).
 */
export function faultsOf(
  run: BranchRun,
  place: StepPlace,
  limits: { readonly deadlineMs: number; readonly screenLimits?: ScreenLimits | undefined },
): Fault[] {
  const faults: Fault[] = run.seen.errors.map(({ error, info }) => ({
    kind: kindOf(error),
    screen: info.screen ?? place.here,
    message: describeError(error),
  }));
  for (const event of run.seen.events) {
    if (event.type === 'screen.overflow') {
      const message = `${event.length} of ${event.limit} (${event.encoding}): the router cut it`;
      faults.push({ kind: 'too-long', screen: event.screen, message });
    }
    if (event.type !== 'event.handled') continue;
    const ms = Math.round(event.ms);
    if (event.outcome === 'deadline') {
      const message = `the app's deadlineMs passed on the ${event.event} event (${ms} ms): the customer got the deadline answer`;
      faults.push({ kind: 'deadline', screen: place.before, message });
    } else if (event.ms > limits.deadlineMs) {
      const message = `the ${event.event} event took ${ms} ms, over ${limits.deadlineMs} ms`;
      faults.push({ kind: 'deadline', screen: place.before, message });
    }
  }
  if (run.refused !== undefined) {
    faults.push({ kind: 'invalid-answer', screen: place.here, message: run.refused });
  } else if (run.session !== undefined) {
    const measure = measureScreen(run.session.screen, limits.screenLimits);
    if (!measure.fits) {
      const message = `${measure.length} of ${measure.limit} (${measure.encoding})`;
      faults.push({ kind: 'too-long', screen: place.here, message });
    }
  }
  return faults;
}
