/** JSON calls to a running sandbox: the sandbox API and the service endpoints. */
import { DEMO } from '../../src/index';

export interface Reply {
  readonly status: number;
  readonly body: unknown;
}

export interface SandboxCalls {
  call(method: string, path: string, body?: unknown, withCredentials?: boolean): Promise<Reply>;
  dial(
    dial: string,
    msisdn?: string,
  ): Promise<{ sessionId: string; screen: string; open: boolean }>;
  input(sessionId: string, text: string): Promise<Reply>;
  report(sessionId: string): Promise<Record<string, unknown>>;
  history(): Promise<Record<string, unknown>[]>;
}

export function sandboxCalls(baseUrl: string): SandboxCalls {
  const call = async (method: string, path: string, body?: unknown, withCredentials = false) => {
    const headers: Record<string, string> = {};
    // Every write says JSON, body or not: the sandbox API refuses a write without it.
    if (method !== 'GET') headers['content-type'] = 'application/json';
    if (withCredentials) {
      headers['x-client-id'] = DEMO.clientId;
      headers['x-client-secret'] = DEMO.clientSecret;
    }
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
  };
  return {
    call,
    async dial(dial, msisdn = '08031234567') {
      const reply = await call('POST', '/sandbox/sessions', { msisdn, dial });
      if (reply.status !== 200)
        throw new Error(`dial ${dial}: ${reply.status} ${JSON.stringify(reply.body)}`);
      return reply.body as { sessionId: string; screen: string; open: boolean };
    },
    input: (sessionId, text) => call('POST', `/sandbox/sessions/${sessionId}/input`, { text }),
    async report(sessionId) {
      return (await call('GET', `/sandbox/sessions/${sessionId}`)).body as Record<string, unknown>;
    },
    async history() {
      return (await call('GET', '/sandbox/history')).body as Record<string, unknown>[];
    },
  };
}
