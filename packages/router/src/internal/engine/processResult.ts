import type { MerchantPaymentFailureCause } from '@ussdkit/protocol';
import type { RouterEvents } from '../observe/RouterEvents';
import type { Scope } from '../session/Scope';

/** Thrown when an event does not fit the screen the session is on. */
export class UnexpectedResultError extends Error {
  override readonly name = 'UnexpectedResultError';
}

/** Tells the router's listeners a process's result came back to the screen that started it. */
export function emitProcess(
  events: RouterEvents,
  scope: Scope,
  process: 'MerchantPayment' | 'EmbeddedProcess' | 'Redirect',
  status?: 'Success' | 'Failure' | 'Unknown',
  cause?: MerchantPaymentFailureCause,
): void {
  const { data, ctx } = scope;
  events.emit?.({
    type: 'process.result',
    sessionId: ctx.sessionId,
    screen: data.screen,
    process,
    ...(status === undefined ? {} : { status }),
    ...(cause === undefined ? {} : { cause }),
  });
}
