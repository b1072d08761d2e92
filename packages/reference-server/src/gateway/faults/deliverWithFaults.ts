import type { AppRequest, HttpOutcome } from '../apps/callApp';
import type { AppEventName } from '../apps/describeAppFailure';
import type { FaultPlan } from './FaultBook';
import type { FaultKind } from './gatewayFaultsSchema';

/** One event as sent to an app: its name and the HTTP request of its app's protocol. */
export interface SentEvent {
  readonly event: AppEventName;
  readonly request: AppRequest;
}

/** What {@link deliverWithFaults} needs from the gateway. */
export interface FaultyDelivery {
  readonly plan: FaultPlan;
  readonly sent: SentEvent;
  /** The session's event to this app before this one (`new` or `continue`), for `reorder`. */
  readonly previous: SentEvent | undefined;
  post(sent: SentEvent): Promise<HttpOutcome>;
  /** Waits real time; resolves early when the gateway closes. */
  wait(ms: number): Promise<void>;
  /** Records a fault that happened, in words, on the session. */
  note(kind: FaultKind, detail: string): void;
}

/** An answer in a few words, for the transcript. */
function describe(outcome: HttpOutcome): string {
  if (outcome.kind === 'failed') return `no answer (${outcome.failure.type})`;
  const text = outcome.text.length > 200 ? `${outcome.text.slice(0, 200)}…` : outcome.text;
  return `HTTP ${outcome.status}${text === '' ? '' : ` ${text}`}`;
}

const same = (a: HttpOutcome, b: HttpOutcome): boolean =>
  a.kind === 'answered' && b.kind === 'answered' && a.status === b.status && a.text === b.text;

/**
 * Sends one event to an app with the faults of the network in front of it: waits first
 * (`delay`), sends it twice and goes on with the second answer (`duplicate`), delivers the
 * session's previous event again once this one is answered (`reorder`, an earlier event arriving
 * late). Each fault is noted on the session; the answer returned is the one the gateway uses.
 *
 * @example
 * ```ts
 * const outcome = await deliverWithFaults({ plan, sent, previous, post, wait, note });
 * ```
 */
export async function deliverWithFaults(delivery: FaultyDelivery): Promise<HttpOutcome> {
  const { plan, sent, previous, post, note } = delivery;
  if (plan.has('delay')) {
    note('delay', `waited ${plan.delayMs} ms before sending ${sent.event}`);
    await delivery.wait(plan.delayMs);
  }
  let outcome = await post(sent);
  if (plan.has('duplicate')) {
    const again = await post(sent);
    note(
      'duplicate',
      same(outcome, again)
        ? `sent ${sent.event} twice; the app answered the same both times`
        : `sent ${sent.event} twice; the app answered ${describe(outcome)} the first time, ${describe(again)} the second (the gateway goes on with the second)`,
    );
    outcome = again;
  }
  if (plan.has('reorder') && previous !== undefined) {
    const stale = await post(previous);
    note(
      'reorder',
      `delivered the previous ${previous.event} again after this ${sent.event} (out of order): the app answered ${describe(stale)} (ignored)`,
    );
  }
  return outcome;
}
