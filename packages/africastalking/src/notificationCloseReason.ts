import type { AtNotification } from './AtNotification';

/**
 * The `close` reason given to the app when Africa's Talking reports the end of a session the app
 * did not end itself (its last answer was `CON …`): `Timeout` when the notification's `status`
 * or `errorMessage` speaks of a timeout or an expiry, `Abandon` for everything else (the customer
 * cancelled, the network dropped the session, `Incomplete`, `Failed`). Africa's Talking documents
 * the `status` values (`Success`, `Incomplete`, `Failed`) but not the wording of `errorMessage`,
 * so the timeout test is a match on words; pass your own `closeReason` option to decide otherwise.
 *
 * @example
 * ```ts
 * notificationCloseReason({ sessionId: 'ATUid_1', status: 'Failed', errorMessage: 'Session timed out' }); // 'Timeout'
 * notificationCloseReason({ sessionId: 'ATUid_1', status: 'Incomplete' }); // 'Abandon'
 * ```
 */
export function notificationCloseReason(notification: AtNotification): 'Abandon' | 'Timeout' {
  const said = `${notification.status} ${notification.errorMessage ?? ''}`;
  return /time\s*[-_]?\s*out|timed\s*out|expired/i.test(said) ? 'Timeout' : 'Abandon';
}
