import type { ClientOptions } from '../../src/index';

/** A service the contract suite runs against: the real sandbox over HTTP, or msw handlers. */
export interface ContractTarget {
  readonly name: string;
  /** Options every client of the suite gets, e.g. `{transport: 'undici'}`. */
  readonly clientOptions?: Partial<ClientOptions>;
  /** Starts the target and returns its base URL. */
  start(): Promise<string>;
  stop(): Promise<void>;
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
