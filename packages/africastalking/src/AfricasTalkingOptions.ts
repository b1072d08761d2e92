import type { GatewayOptions } from '@ussdkit/router/gateway';
import type { AtNotification } from './AtNotification';

/**
 * The texts the adapter shows by itself, where the native gateway would show its own.
 *
 * @example
 * ```ts
 * africasTalking(app, { messages: { invalidChoice: 'Chaguo si sahihi. Jaribu tena.' } });
 * ```
 */
export interface AfricasTalkingMessages {
  /**
   * Put above a menu shown again after a key that is none of its items.
   * @defaultValue `'Invalid choice. Try again.'`
   */
  readonly invalidChoice: string;
}

/**
 * Options of {@link africasTalking}: the caller checks every gateway adapter takes
 * (`secret`, `allowedIps`, `clientIp`), and Africa's Talking's own.
 *
 * @example
 * ```ts
 * africasTalking(app, { secret: process.env.AT_CALLBACK_SECRET });
 * ```
 */
export interface AfricasTalkingOptions extends Omit<GatewayOptions, 'invalidChoice'> {
  /** The adapter's own texts. */
  readonly messages?: Partial<AfricasTalkingMessages> | undefined;
  /**
   * The `close` reason for a notification of a session the app did not end itself.
   * @defaultValue {@link notificationCloseReason}
   */
  readonly closeReason?: ((notification: AtNotification) => 'Abandon' | 'Timeout') | undefined;
  /**
   * Not needed: the adapter hands the app its events in-process, where the app's `authToken`
   * (which only the native gateway sends) is not asked for. Ignored.
   * @deprecated Remove it; the app's own token is never asked of an Africa's Talking request.
   */
  readonly authToken?: string | undefined;
}
