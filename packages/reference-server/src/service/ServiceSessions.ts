import type { MerchantPaymentCallback, MerchantPaymentProcess } from '@ussdkit/protocol';

/**
 * What the service starts as USSD sessions: a push (`POST /ussd/app/push`) and the session of a
 * `POST /merchant/payment`. The sandbox's gateway runs them with a phone; without one (the msw
 * handlers) {@link sessionsWithoutGateway} checks and answers them by the same rules.
 *
 * @example
 * ```ts
 * const answer = await sessions.push({ clientId: 'demo-client', appId: 'demo-app', msisdn: '08031234567', contextData: '' });
 * ```
 */
export interface ServiceSessions {
  push(request: GatewayPushRequest): Promise<GatewayPushResult>;
  merchantPayment(request: PaymentSessionRequest): PaymentSessionResult;
}

/**
 * A push as `POST /ussd/app/push` hands it over after authentication.
 *
 * @example
 * ```ts
 * await gateway.push({ clientId: 'demo-client', appId: 'demo-app', msisdn: '08031234567', contextData: '' });
 * ```
 */
export interface GatewayPushRequest {
  readonly clientId: string;
  readonly appId: string;
  readonly msisdn: string;
  readonly contextData: string;
}

/**
 * Outcome of {@link ServiceSessions.push}: the session id, or the HTTP error to answer.
 *
 * @example
 * ```ts
 * const result = await gateway.push(req);
 * if (!result.ok) return c.json({ code: result.code, message: result.message }, result.status);
 * ```
 */
export type GatewayPushResult =
  | { ok: true; sessionId: string; recoveryShortcode?: string }
  | { ok: false; status: 400 | 403; code: string; message: string };

/**
 * A merchant payment the service runs in a USSD session it pushes to the customer
 * (`POST /merchant/payment`), as {@link ServiceSessions.merchantPayment} takes it.
 *
 * @example
 * ```ts
 * gateway.merchantPayment({ clientId: 'demo-client', msisdn: '08031234567', process, report: (body) => payments.report(body) });
 * ```
 */
export interface PaymentSessionRequest {
  /** The developer who asked for the payment: charged for the session, holder of RECOVERY. */
  readonly clientId: string;
  readonly msisdn: string;
  /** The payment in the USSD process form (`Flexible` or `FixedBank`, with its executionMode). */
  readonly process: MerchantPaymentProcess;
  /**
   * Hears each merchant payment callback body of the dialog (the outcome; after `Unknown`, the
   * bank's final answer later). The gateway sends none itself: the caller records and sends them.
   */
  report(body: MerchantPaymentCallback): void;
}

/**
 * The pushed session, or why none was.
 *
 * @example
 * ```ts
 * const started = gateway.merchantPayment(request);
 * if (started.ok) console.log(started.sessionId, started.recoveryShortcode);
 * ```
 */
export type PaymentSessionResult =
  | { readonly ok: true; readonly sessionId: string; readonly recoveryShortcode?: string }
  | { readonly ok: false; readonly status: 400; readonly code: string; readonly message: string };
