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

/** An acquire the mocked service recorded. */
export interface MockOperation {
  readonly clientId: string;
  readonly operationId: string;
  readonly flow: 'product' | 'operator';
  readonly mode: 'sync' | 'async';
  readonly sku: string;
  readonly beneficiaryId: string;
  readonly amount: number;
  status: 'SUCCESS' | 'FAILURE' | 'UNKNOWN';
  error?: string | undefined;
  rawErrorCode?: string | undefined;
  transactionId?: string | undefined;
  reference?: string | undefined;
  /** When an UNKNOWN acquire settles (mock time, ms) and to what. */
  settlement?: { readonly at: number; readonly status: 'SUCCESS' | 'FAILURE' } | undefined;
}

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
