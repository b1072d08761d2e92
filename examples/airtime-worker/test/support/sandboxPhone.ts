/** A screen as the sandbox answers it. */
export interface Screen {
  readonly sessionId: string;
  readonly screen: string;
  readonly open: boolean;
}

/** Calls the sandbox API (`/sandbox/...`) and fails with the answer's body on a non-2xx. */
export async function sandboxCall<T>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
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
    send(text: string): Promise<Screen> {
      return sandboxCall<Screen>(baseUrl, 'POST', `/sandbox/sessions/${sessionId}/input`, { text });
    },
  };
}
