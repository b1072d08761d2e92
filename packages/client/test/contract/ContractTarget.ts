import type { ClientOptions } from '../../src/index';

/** A service the contract suite runs against: the real sandbox over HTTP, or msw handlers. */
export interface ContractTarget {
  readonly name: string;
  /** Options every client of the suite gets, e.g. `{transport: 'undici'}`. */
  readonly clientOptions?: Partial<ClientOptions>;
  /** Starts the target and returns its base URL. */
  start(): Promise<string>;
  stop(): Promise<void>;
  /**
   * Pays, as the customer, the merchant payment the service pushed to `msisdn`: through the
   * sandbox's phone (first bank, first account, PIN 1234), or, for msw, which has no phone, by
   * completing it with `Success`.
   */
  payAsCustomer(baseUrl: string, payment: { msisdn: string; operationId: string }): Promise<void>;
}

/** {@link ContractTarget.payAsCustomer} on the sandbox: the customer answers the pushed session. */
export async function payOnSandboxPhone(
  baseUrl: string,
  payment: { msisdn: string },
): Promise<void> {
  const { pendingPush } = await sandboxApi<{ pendingPush?: { sessionId: string } }>(
    baseUrl,
    'GET',
    `/sandbox/phones/${encodeURIComponent(payment.msisdn)}`,
  );
  if (pendingPush === undefined) throw new Error(`no payment pushed to ${payment.msisdn}`);
  for (const text of ['1', '1', '1234']) {
    await sandboxApi(baseUrl, 'POST', `/sandbox/sessions/${pendingPush.sessionId}/input`, { text });
  }
}

/** Calls the sandbox API (no client credentials) of the running target. */
export async function sandboxApi<T = unknown>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
