/** A screen as the sandbox answers it. */
export interface Screen {
  readonly sessionId: string;
  readonly screen: string;
  readonly open: boolean;
}

/** Calls the sandbox API (`/sandbox/...`) and fails with the answer's body on a non-2xx. */
export async function sandboxCall<T>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  // Every write says JSON, body or not: the sandbox API refuses a write without it.
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' } }),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A phone on the sandbox: dials with `POST /sandbox/sessions`, answers with `.../input`. */
export function sandboxPhone(baseUrl: string, msisdn: string) {
  let sessionId = '';
  return {
    get sessionId(): string {
      return sessionId;
    },
    async dial(dial: string): Promise<Screen> {
      const screen = await sandboxCall<Screen>(baseUrl, 'POST', '/sandbox/sessions', {
        msisdn,
        dial,
      });
      sessionId = screen.sessionId;
      return screen;
    },
    /** Answers the open session (or the given one, e.g. a pushed session). */
    send(text: string, id = sessionId): Promise<Screen> {
      return sandboxCall<Screen>(baseUrl, 'POST', `/sandbox/sessions/${id}/input`, { text });
    },
    /** Sends several answers in turn and returns the last screen. */
    async sendAll(...texts: string[]): Promise<Screen> {
      let last: Screen | undefined;
      for (const text of texts) last = await this.send(text);
      if (last === undefined) throw new Error('sendAll needs at least one answer');
      return last;
    },
    pendingPush(): Promise<{ pendingPush?: { sessionId: string; screen: string } }> {
      return sandboxCall(baseUrl, 'GET', `/sandbox/phones/${encodeURIComponent(msisdn)}`);
    },
  };
}

/** Polls `check` until it returns a value (for work the sandbox finishes after answering). */
export async function eventually<T>(check: () => Promise<T | undefined>, tries = 100): Promise<T> {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`still not there after ${tries} tries`);
}
