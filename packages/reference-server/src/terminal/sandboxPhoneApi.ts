/** What the sandbox answers to a dial or an input (docs/reference-server.md, "Sandbox API"; docs/decisions/0010-reference-server.md). */
export interface ScreenAnswer {
  readonly sessionId: string;
  readonly screen: string;
  readonly open: boolean;
  /** The sandbox asks a secret (a PIN): what is typed is masked once sent. */
  readonly secret?: true;
}

/** The parts of `GET /sandbox/sessions/{id}` the terminal phone shows. */
export interface SessionSummary {
  readonly sessionId: string;
  readonly open: boolean;
  readonly closeReason?: string;
  readonly abortReason?: string;
  /** Why the session aborted, as a sentence that names what to change. */
  readonly abortMessage?: string;
  readonly ticks: number;
  readonly fee: number;
}

/** No server answered at the sandbox URL (connection refused, unknown host, ...). */
export class NoSandboxError extends Error {
  constructor(
    readonly baseUrl: string,
    options?: ErrorOptions,
  ) {
    super(
      `No sandbox is running at ${baseUrl}: start one with \`pnpm start\` or \`npx ussdkit-sandbox\``,
      options,
    );
    this.name = 'NoSandboxError';
  }
}

/** The sandbox answered a failure (`{code, message}`), or something that is not the sandbox. */
export class SandboxAnswerError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`The sandbox answered ${status} ${code}: ${message}`);
    this.name = 'SandboxAnswerError';
  }
}

/** The phone side of the sandbox API, over `fetch`. */
export interface SandboxPhoneApi {
  dial(msisdn: string, dial: string): Promise<ScreenAnswer>;
  input(sessionId: string, text: string): Promise<ScreenAnswer>;
  cancel(sessionId: string): Promise<unknown>;
  session(sessionId: string): Promise<SessionSummary>;
}

function readFailure(status: number, text: string): SandboxAnswerError {
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof body.code === 'string' && typeof body.message === 'string') {
      return new SandboxAnswerError(status, body.code, body.message);
    }
  } catch {
    // not JSON: not the sandbox
  }
  return new SandboxAnswerError(status, 'NOT_A_SANDBOX', 'this server is not a ussdkit sandbox');
}

/**
 * A small client of the sandbox's phone routes; network failures become {@link NoSandboxError},
 * failure answers {@link SandboxAnswerError}.
 *
 * @example
 * ```ts
 * const phone = sandboxPhoneApi('http://127.0.0.1:4000');
 * const { sessionId, screen } = await phone.dial('+2348030000001', '*384*1#');
 * ```
 */
export function sandboxPhoneApi(baseUrl: string): SandboxPhoneApi {
  const root = baseUrl.replace(/\/+$/, '');
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    let response: Response;
    try {
      // Every write says JSON, body or not: the sandbox API refuses a write without it.
      response = await fetch(`${root}${path}`, {
        method,
        ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' } }),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new NoSandboxError(root, { cause: error });
    }
    const text = await response.text();
    if (!response.ok) throw readFailure(response.status, text);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw readFailure(response.status, text);
    }
  };
  const session = (id: string) => `/sandbox/sessions/${encodeURIComponent(id)}`;
  return {
    dial: (msisdn, dial) => call('POST', '/sandbox/sessions', { msisdn, dial }),
    input: (sessionId, text) => call('POST', `${session(sessionId)}/input`, { text }),
    cancel: (sessionId) => call('POST', `${session(sessionId)}/cancel`),
    session: (sessionId) => call('GET', session(sessionId)),
  };
}
