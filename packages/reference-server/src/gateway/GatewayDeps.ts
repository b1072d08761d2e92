import type { Clock } from '../core/Clock';

/**
 * What the USSD gateway needs from the rest of the sandbox. The gateway (src/gateway/) owns this
 * file and may extend it; the server assembly (src/createSandbox.ts) provides it.
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
}

export interface GatewayApp {
  readonly appId: string;
  readonly clientId: string;
  readonly appCode: string;
  /** Base URL; the four `/ussdSessionEvent/*` paths are appended. */
  readonly url: string;
  readonly authToken?: string | undefined;
  /** Deadline for the app's answer; 5000 by default. */
  readonly answerTimeoutMs: number;
}

export interface GatewayDeveloper {
  readonly clientId: string;
  readonly permissions: readonly string[];
  readonly feePerTick: number;
  readonly virtualPurse: number;
}

/** A finished session to bill; times are milliseconds since the epoch in sandbox time. */
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
