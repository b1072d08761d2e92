import type { TextEvent } from '@ussdkit/router';
import { dialOf } from './dialOf';
import { operatorOf } from './operatorOf';

/** A request of a provider that sends the dialled string first, then the newest input. */
export interface ProviderStep {
  readonly sessionId: string;
  /** The subscriber's number as the app sees it (by `msisdnOf`). */
  readonly msisdn: string;
  /** Whether the request begins the session. */
  readonly begins: boolean;
  /** The dialled string on the first request, the newest input after. */
  readonly text: string;
  /** The provider's network field (`MTN`), the operator of the session it begins. */
  readonly network: string;
  /** The provider's number of the request in its session, when it sends one: the event's `step`. */
  readonly sequence?: number | undefined;
}

/**
 * The event of a request that begins a session with the dialled string, or carries the newest
 * input: Arkesel's, Nalo's and Beem's, which say which it is with a flag or a command.
 */
export function stepEvent(step: ProviderStep): Extract<TextEvent, { type: 'begin' | 'input' }> {
  const { sessionId, msisdn, text, sequence } = step;
  if (!step.begins) return { type: 'input', sessionId, msisdn, input: text, step: sequence };
  return {
    type: 'begin',
    sessionId,
    msisdn,
    operator: operatorOf(step.network),
    dial: dialOf(text),
    step: sequence,
  };
}
