/**
 * Harness of the contract tests that run against a freshly started sandbox (`startSandbox` on
 * port 0): every step goes over HTTP, through the service endpoints (`POST /ussd/app/push`) and
 * the sandbox API, and time moves only through `POST /sandbox/clock/advance`. The apps are the
 * recording test apps of gatewayHarness.ts.
 */
import type { SandboxConfigInput } from '../../src/config/SandboxConfig';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../src/index';
import type { Wire } from './gatewayHarness';

/** What the phone gets back from a dial or an input. */
export interface Screen {
  readonly sessionId: string;
  readonly screen: string;
  readonly open: boolean;
  /** Present when the screen asks a secret. */
  readonly secret?: true;
}

/** A developer of the sandbox under test, with the credentials of the service endpoints. */
export interface TestDeveloper {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** A running sandbox and HTTP helpers over its API. */
export interface SandboxUnderTest {
  readonly url: string;
  /** Any call; answers the status and the JSON body (undefined for an empty one). */
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: Wire }>;
  /** `POST /sandbox/sessions`; fails the test unless it answers 200. */
  dial(dial: string, msisdn: string): Promise<Screen>;
  /** `POST /sandbox/sessions/{id}/input`; fails the test unless it answers 200. */
  input(sessionId: string, text: string): Promise<Screen>;
  cancel(sessionId: string): Promise<Wire>;
  /** `GET /sandbox/sessions/{id}`. */
  report(sessionId: string): Promise<Wire>;
  /** `GET /sandbox/phones/{msisdn}`. */
  phone(msisdn: string): Promise<Wire>;
  /** `POST /sandbox/clock/advance {seconds}`. */
  advance(seconds: number): Promise<void>;
  /** `POST /ussd/app/push` as `developer`. */
  push(
    developer: TestDeveloper,
    body: { appId: string; msisdn: string; contextData: string },
  ): Promise<{ status: number; body: Wire }>;
  /** `GET /sandbox/history?clientId=`. */
  history(clientId: string): Promise<Wire[]>;
  /** `GET /sandbox/callbacks?operationId=`. */
  callbacks(operationId: string): Promise<Wire[]>;
  close(): Promise<void>;
}

/** Starts the sandbox with `config` (and other `options`) on a free loopback port. */
export async function startSandboxUnderTest(
  config: SandboxConfigInput,
  options: Omit<SandboxOptions, 'config' | 'port' | 'quiet'> = {},
): Promise<SandboxUnderTest> {
  const sandbox: RunningSandbox = await startSandbox({ ...options, port: 0, quiet: true, config });
  const call: SandboxUnderTest['call'] = async (method, path, body, headers = {}) => {
    const response = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as Wire) };
  };
  const ok = async (method: string, path: string, body?: unknown): Promise<Wire> => {
    const answer = await call(method, path, body);
    if (answer.status !== 200) {
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  };
  const session = (id: string) => `/sandbox/sessions/${encodeURIComponent(id)}`;
  return {
    url: sandbox.url,
    call,
    dial: (dial, msisdn) => ok('POST', '/sandbox/sessions', { msisdn, dial }),
    input: (sessionId, text) => ok('POST', `${session(sessionId)}/input`, { text }),
    cancel: (sessionId) => ok('POST', `${session(sessionId)}/cancel`),
    report: (sessionId) => ok('GET', session(sessionId)),
    phone: (msisdn) => ok('GET', `/sandbox/phones/${encodeURIComponent(msisdn)}`),
    advance: async (seconds) => {
      await ok('POST', '/sandbox/clock/advance', { seconds });
    },
    push: (developer, body) =>
      call('POST', '/ussd/app/push', body, {
        'x-client-id': developer.clientId,
        'x-client-secret': developer.clientSecret,
      }),
    history: (clientId) => ok('GET', `/sandbox/history?clientId=${encodeURIComponent(clientId)}`),
    callbacks: (operationId) =>
      ok('GET', `/sandbox/callbacks?operationId=${encodeURIComponent(operationId)}`),
    close: () => sandbox.close(),
  };
}
