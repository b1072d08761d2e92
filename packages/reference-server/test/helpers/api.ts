import { DEMO } from '../../src/index';

/** A small HTTP helper over one running sandbox. */
export interface Api {
  /** Calls with the demo credentials unless `credentials` says otherwise (null: none). */
  call(
    method: string,
    path: string,
    options?: {
      body?: unknown;
      raw?: string;
      credentials?: { clientId: string; clientSecret: string } | null;
    },
  ): Promise<{ status: number; body: unknown }>;
}

/** A JSON body parsed, or a plain-text one (upstream's `ALREADY_INITIATED`) as it is. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const demoCredentials = { clientId: DEMO.clientId, clientSecret: DEMO.clientSecret };

export function api(baseUrl: string): Api {
  return {
    async call(method, path, options = {}) {
      const credentials = options.credentials === undefined ? demoCredentials : options.credentials;
      const headers: Record<string, string> = {};
      if (credentials) {
        headers['x-client-id'] = credentials.clientId;
        headers['x-client-secret'] = credentials.clientSecret;
      }
      let body: string | undefined;
      if (options.raw !== undefined) body = options.raw;
      else if (options.body !== undefined) body = JSON.stringify(options.body);
      // Bodies are JSON, and the sandbox API takes no write without saying so, body or not.
      if (body !== undefined || method !== 'GET') headers['content-type'] = 'application/json';
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? undefined : jsonOrText(text) };
    },
  };
}

/** A fresh operationId. */
export const opId = (label = 'op') => `${label}-${crypto.randomUUID()}`;

/** A valid product-flow acquire body. */
export function acquireBody(overrides: Record<string, unknown> = {}) {
  return {
    operationId: opId(),
    sku: 'data-1gb',
    beneficiaryId: '08031234567',
    customerMsisdn: '08031234567',
    ...overrides,
  };
}
