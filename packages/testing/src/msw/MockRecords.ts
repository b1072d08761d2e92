import type { AcquireOperation } from '@ussdkit/reference-server/rules';

/** A developer account of the mocked service. */
export interface MockDeveloper {
  readonly clientId: string;
  clientSecret: string;
  name: string;
  /** Naira; debited once per successful acquire. */
  balance: number;
  /** Naira; a push costs 1. */
  virtualPurse: number;
  feePerTick: number;
  /** Any of ACQUIRE, PUSH, RECOVERY, EMBEDDED_PROCESS. */
  permissions: string[];
  callbackUrl?: string | undefined;
  msisdn: string;
  emailAddress: string;
  country: string;
}

/** A USSD app of the mocked service. */
export interface MockApp {
  readonly appId: string;
  readonly clientId: string;
  readonly url: string;
  readonly appCode: string;
}

/**
 * An acquire the mocked service recorded: the sandbox rules' record of an acquire, with its
 * `transactionId` and `reference` given when it was accepted.
 */
export type MockOperation = AcquireOperation;

/** One callback delivery attempt, as the reference server's `GET /sandbox/callbacks` lists it. */
export interface CallbackLogEntry {
  readonly operationId: string;
  readonly url: string;
  readonly attempt: number;
  readonly status?: number;
  readonly error?: string;
  /** Mock time, seconds since the epoch. */
  readonly at: number;
  readonly body: unknown;
}
