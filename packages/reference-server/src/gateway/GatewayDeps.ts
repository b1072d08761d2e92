import type { AbortReasonType } from '@ussdkit/protocol';
import type { z } from 'zod';
import type { appProtocolSchema } from '../config/appConfig';
import type { Clock } from '../core/Clock';
import type { OperationIds } from '../rules/OperationIds';
import type { SessionRetentionPolicy } from './session/SessionStore';

/**
 * What the USSD gateway needs from the rest of the sandbox. The gateway (src/gateway/) owns this
 * file and may extend it; the server assembly (src/createSandbox.ts) provides it.
 *
 * @example
 * ```ts
 * const gateway = createGateway({ clock, mainCode: '384', findAppByCode, findAppById,
 *   findDeveloper, debitVirtualPurse, chargeSession, sendCallback });
 * ```
 */
export interface GatewayDeps {
  readonly clock: Clock;
  /** The service's main code, e.g. "384". */
  readonly mainCode: string;
  /** Looks up a registered app by its app code (the part after the main code) or by its id. */
  findAppByCode(appCode: string): GatewayApp | undefined;
  findAppById(appId: string): GatewayApp | undefined;
  findDeveloper(clientId: string): GatewayDeveloper | undefined;
  /** Debits the developer's virtual purse; false when it is too low (nothing debited). */
  debitVirtualPurse(clientId: string, amount: number): boolean;
  /** Charges a finished session's fee to the developer and records it in the operation history. */
  chargeSession(entry: SessionCharge): void;
  /** Queues a callback body to the developer's callback URL (delivered with retries, logged). */
  sendCallback(clientId: string, operationId: string, body: unknown): void;
  /**
   * Each developer's one namespace of operationIds, shared with acquires and
   * `POST /merchant/payment`: a process whose operationId is taken aborts with
   * `DuplicatedOperation`.
   * @defaultValue a namespace of the gateway's own
   */
  readonly operationIds?: OperationIds | undefined;
  /**
   * How long ended sessions stay readable.
   * @defaultValue the latest 10,000 ended sessions, each for 24 hours of sandbox time
   */
  readonly sessionRetention?: SessionRetentionPolicy | undefined;
  /**
   * Hears each session that aborts, with the sentence that explains it (the sandbox logs it).
   * @defaultValue none
   */
  readonly onSessionAborted?: ((notice: SessionAbortNotice) => void) | undefined;
}

/**
 * A session that aborted, as the gateway's `onSessionAborted` hears it.
 *
 * @example
 * ```ts
 * const onSessionAborted = (n: SessionAbortNotice) => console.error(`${n.reason}: ${n.message}`);
 * ```
 */
export interface SessionAbortNotice {
  readonly sessionId: string;
  /** The dialled (or pushing) app. */
  readonly appId: string;
  readonly reason: AbortReasonType;
  /** Why, as one sentence that names what to change (the report's `abortMessage`). */
  readonly message: string;
}

/**
 * A registered USSD app as the gateway sees it.
 *
 * @example
 * ```ts
 * const app: GatewayApp = { appId: 'a1', clientId: 'dev', appCode: '1', url: 'http://127.0.0.1:3000/ussd', authToken: 't0ken', answerTimeoutMs: 5000 };
 * ```
 */
export interface GatewayApp {
  readonly appId: string;
  readonly clientId: string;
  readonly appCode: string;
  /** Base URL; the four `/ussdSessionEvent/*` paths are appended. */
  readonly url: string;
  /**
   * Sent as the raw `Authorization` header with every request (spec: "Each request carries an
   * `Authorization` header"); an app registered without one has a generated token.
   */
  readonly authToken: string;
  /** Deadline for the app's answer, in real milliseconds. @defaultValue 5000 (set by the assembly) */
  readonly answerTimeoutMs: number;
  /**
   * The protocol the gateway speaks to the app: `native`, the four JSON events under `url`, or a
   * gateway's callback protocol, `url` being the callback URL: `africastalking` (decision 0026),
   * `hubtel`, `arkesel`, `nalo`, `beem` or `infobip` (decision 0045).
   * @defaultValue `"native"`
   */
  readonly protocol?: AppProtocol | undefined;
  /**
   * Of an `africastalking` app: where the end-of-session notification is posted.
   * @defaultValue none: no notification is sent
   */
  readonly notificationsUrl?: string | undefined;
}

/**
 * The protocols the gateway speaks to apps: its own (`native`) and six gateways' callback
 * protocols (Africa's Talking, Hubtel, Arkesel, Nalo, Beem, Infobip).
 *
 * @example
 * ```ts
 * const protocol: AppProtocol = 'hubtel';
 * ```
 */
export type AppProtocol = z.output<typeof appProtocolSchema>;

/**
 * A developer as the gateway sees it (permissions such as PUSH, RECOVERY, EMBEDDED_PROCESS).
 *
 * @example
 * ```ts
 * const dev: GatewayDeveloper = { clientId: 'dev', permissions: ['PUSH'], feePerTick: 2, virtualPurse: 100 };
 * ```
 */
export interface GatewayDeveloper {
  readonly clientId: string;
  readonly permissions: readonly string[];
  readonly feePerTick: number;
  readonly virtualPurse: number;
}

/**
 * A finished session to bill; times are milliseconds since the epoch in sandbox time.
 *
 * @example
 * ```ts
 * deps.chargeSession({ sessionId, clientId, appId, msisdn, startedAt, endedAt, ticks: 2, fee: 4 });
 * ```
 */
export interface SessionCharge {
  readonly sessionId: string;
  readonly clientId: string;
  readonly appId: string;
  readonly msisdn: string;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly ticks: number;
  readonly fee: number;
  readonly sessionTag?: string | undefined;
}
