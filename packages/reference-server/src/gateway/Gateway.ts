import type { AbortReasonType, CloseReasonType } from '@ussdkit/protocol';
import type {
  GatewayPushRequest,
  GatewayPushResult,
  PaymentSessionRequest,
  PaymentSessionResult,
} from '../service/ServiceSessions';
import type { AppEventName } from './apps/describeAppFailure';
import type { FaultKind, GatewayFaults } from './faults/gatewayFaultsSchema';
import type { PendingPush } from './phones/PhonePushes';

export type { GatewayPushRequest, GatewayPushResult } from '../service/ServiceSessions';

/**
 * What the phone shows after a dial or an input: the exact screen text, whether the session
 * still expects input, and whether that input is a secret.
 *
 * @example
 * ```ts
 * const answer: ScreenAnswer = { sessionId: 's1', screen: 'Menu\n1. Buy airtime', open: true };
 * ```
 */
export interface ScreenAnswer {
  readonly sessionId: string;
  readonly screen: string;
  readonly open: boolean;
  /**
   * Present (`true`) when the gateway asks a secret (the merchant payment's PIN, the identity
   * check's date of birth): the transcript will show `••••` for the answer, and the phones mask it.
   */
  readonly secret?: true;
}

/**
 * One line of a session transcript; `at` is in seconds of sandbox time.
 *
 * @example
 * ```ts
 * const line: TranscriptEntry = { at: 1767225600, from: 'phone', text: '*384*1#' };
 * ```
 */
export interface TranscriptEntry {
  readonly at: number;
  readonly from: 'phone' | 'app' | 'gateway';
  readonly text: string;
}

/**
 * A fault the gateway injected into a session (docs/faults.md); `at` is in seconds of sandbox
 * time. The transcript has the same as a `fault <kind>: <detail>` line.
 *
 * @example
 * ```ts
 * const fault: InjectedFault = { at: 1767225600, appId: 'shop', event: 'continue', kind: 'duplicate', detail: 'sent continue twice; the app answered the same both times' };
 * ```
 */
export interface InjectedFault {
  readonly at: number;
  readonly appId: string;
  readonly event: AppEventName;
  readonly kind: FaultKind;
  readonly detail: string;
}

/**
 * The report of one session, as `GET /sandbox/sessions/{id}` answers it. Times are seconds since
 * the epoch in sandbox time; `ticks` and `fee` are counted so far while the session is open.
 *
 * @example
 * ```ts
 * const report = gateway.session(sessionId);
 * if (report && !report.open) console.log(report.closeReason ?? report.abortReason, report.fee);
 * ```
 */
export interface SessionReport {
  readonly sessionId: string;
  readonly appId: string;
  readonly msisdn: string;
  readonly open: boolean;
  readonly closeReason?: CloseReasonType;
  readonly abortReason?: AbortReasonType;
  /**
   * Why the session aborted, as one sentence that names what to change, e.g. `The app at
   * http://127.0.0.1:3000/ussd answered 401 to /ussdSessionEvent/new: the token does not match.
   * ...`. Present with `abortReason`.
   */
  readonly abortMessage?: string;
  readonly startedAt: number;
  readonly endedAt?: number;
  readonly ticks: number;
  readonly fee: number;
  readonly chargedClientId: string;
  readonly sessionTag?: string;
  readonly transcript: readonly TranscriptEntry[];
  /** The faults injected into the session, oldest first; absent when none was. */
  readonly faults?: readonly InjectedFault[];
}

/**
 * A dial from the simulated phone.
 *
 * @example
 * ```ts
 * const req: DialRequest = { msisdn: '08031234567', dial: '*384*1*5#', operator: 'glo' };
 * ```
 */
export interface DialRequest {
  readonly msisdn: string;
  /** `*<main>*<appCode>[*segments]#` or a recovery short code. */
  readonly dial: string;
  /**
   * Network operator; when given it must be the network of the number (`networkOf(msisdn)`),
   * since a number always has one operator: it is a check, not an override.
   * @defaultValue the network of the number, e.g. `"glo"` for `0805…`
   */
  readonly operator?: string | undefined;
}

/**
 * What the gateway holds in memory, by kind, as {@link Gateway.retained} counts it: each stays
 * within the retention configured (`sessionRetention`) however long the sandbox runs.
 *
 * @example
 * ```ts
 * const counts: GatewayRetained = gateway.retained();
 * console.log(counts.endedSessions, counts.operationIds);
 * ```
 */
export interface GatewayRetained {
  readonly openSessions: number;
  /** Ended sessions still readable (at most `sessionRetention.endedSessions`). */
  readonly endedSessions: number;
  /** Merchant payment operationIds remembered (at most `sessionRetention.operationIds`). */
  readonly operationIds: number;
  /** Recovery codes not yet spent or expired (those of the last 5 minutes at most). */
  readonly recoveryCodes: number;
  /** Phones with a latest push (no more than the sessions held). */
  readonly pushedPhones: number;
  /** Timers armed on the sandbox clock (Timeouts of open sessions, bank waits, settlements). */
  readonly timers: number;
}

/**
 * The USSD gateway of the sandbox: it routes dials to apps, calls their four endpoints, runs
 * process dialogs, pushes, redirects and bills sessions.
 *
 * @example
 * ```ts
 * const gateway = createGateway(deps);
 * const first = await gateway.dial({ msisdn: '08031234567', dial: '*384*1#' });
 * const next = await gateway.input(first.sessionId, '1');
 * ```
 */
export interface Gateway {
  dial(req: DialRequest): Promise<ScreenAnswer>;
  input(sessionId: string, text: string): Promise<ScreenAnswer>;
  cancel(sessionId: string): Promise<{ sessionId: string; open: false }>;
  session(sessionId: string): SessionReport | undefined;
  phone(msisdn: string): { pendingPush?: PendingPush };
  push(req: GatewayPushRequest): Promise<GatewayPushResult>;
  /** What the gateway holds in memory, counted after dropping what its retention no longer keeps (for tests and diagnostics). */
  retained(): GatewayRetained;
  /**
   * Pushes the USSD session of a `POST /merchant/payment` to the customer's phone (the service's
   * own payment dialog, no app; see startPaymentSession.ts).
   */
  merchantPayment(request: PaymentSessionRequest): PaymentSessionResult;
  /** The faults injected into the sessions of an app (docs/faults.md); `{}` when none. */
  faultsOf(appId: string): GatewayFaults;
  /** Replaces the faults of an app; its seeded generator starts again. */
  setFaults(appId: string, faults: GatewayFaults): void;
  /** Stops injecting faults into the sessions of an app. */
  clearFaults(appId: string): void;
  /**
   * Cancels the gateway's timers, aborts in-flight app calls and closes its keep-alive
   * connections to apps; resolves once they are closed.
   */
  close(): Promise<void>;
}
