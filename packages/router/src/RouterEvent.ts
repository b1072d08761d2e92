import type {
  AbortReasonType,
  CloseReasonType,
  MerchantPaymentFailureCause,
} from '@ussdkit/protocol';
import type { ScreenKind } from './Screen';

/** The four app endpoints. */
export type SessionEventName = 'new' | 'continue' | 'close' | 'abort';

/** Why a session ended, as `onEvent` reports it. */
export type SessionEndReason =
  | CloseReasonType
  | AbortReasonType
  | 'Expired'
  | 'FlowChanged'
  | 'TooManyAttempts'
  | 'ProcessUnavailable';

/**
 * A structured event for logs, metrics and funnels, given to `onEvent`. Inputs of `secret`
 * screens are redacted (`value: '[redacted]'`).
 *
 * @example
 * ```ts
 * createApp({ ...options, onEvent: (event) => logger.info(event) });
 * ```
 */
export type RouterEvent =
  | {
      readonly type: 'session.start';
      readonly sessionId: string;
      readonly via: 'Dial' | 'Push' | 'Redirect';
      readonly screen: string;
    }
  | { readonly type: 'session.end'; readonly sessionId: string; readonly reason: SessionEndReason }
  | {
      /**
       * A redirect asked for a process this app does not offer: a `process.id` without a
       * `redirect` entry, or params its schema refused.
       */
      readonly type: 'redirect.unavailable';
      readonly sessionId: string;
      readonly processId: string;
      readonly problem: 'UnknownProcess' | 'InvalidParams';
    }
  | {
      readonly type: 'screen.shown';
      readonly sessionId: string;
      readonly screen: string;
      readonly kind: ScreenKind;
      readonly page: number;
    }
  | {
      readonly type: 'input';
      readonly sessionId: string;
      readonly screen: string;
      readonly value: string;
    }
  | {
      /** A computed screen was longer than the limit: the router answered it cut (see `ScreenTooLongError`). */
      readonly type: 'screen.overflow';
      readonly sessionId: string;
      readonly screen: string;
      readonly encoding: 'GSM7' | 'UCS2';
      readonly length: number;
      readonly limit: number;
    }
  | {
      readonly type: 'input.rejected';
      readonly sessionId: string;
      readonly screen: string;
      readonly value: string;
      readonly message: string;
      readonly attempt: number;
    }
  | {
      readonly type: 'back' | 'home';
      readonly sessionId: string;
      readonly from: string;
      readonly to: string;
    }
  | {
      readonly type: 'page';
      readonly sessionId: string;
      readonly screen: string;
      readonly page: number;
    }
  | {
      readonly type: 'process.result';
      readonly sessionId: string;
      readonly screen: string;
      readonly process: 'MerchantPayment' | 'EmbeddedProcess' | 'Redirect';
      readonly status?: 'Success' | 'Failure' | 'Unknown' | undefined;
      readonly cause?: MerchantPaymentFailureCause | undefined;
    }
  | {
      readonly type: 'event.handled';
      readonly sessionId: string;
      readonly event: SessionEventName;
      readonly outcome: 'answered' | 'replayed' | 'deadline' | 'error' | 'restarted';
      /** Time spent handling the event, in milliseconds. */
      readonly ms: number;
    };

/** The text written instead of a secret input. */
export const REDACTED = '[redacted]';
