import type { DevApp } from './DevApp';

/** One event as the dev server received it, for the app. */
export interface DevRequest {
  /** The event's path under the app's mount point: `/ussdSessionEvent/new`, … */
  readonly path: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: string;
}

/** The app's answer as the dev server writes it back: status, headers, JSON text. */
export interface DevAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON text of the body; undefined for none (a 204). */
  readonly body: string | undefined;
}

/**
 * The one call from the dev server into the user's app: its `fetch` (the core's own door: the
 * checks, the parse, `dispatch`), or an older handler's `handle`. The answer's headers,
 * `Ussdkit-Input` among them, are passed on to the sandbox.
 *
 * @example
 * ```ts
 * const answer = await callDevApp(app, { path: '/ussdSessionEvent/new', headers, body });
 * ```
 */
export async function callDevApp(app: DevApp, request: DevRequest): Promise<DevAnswer> {
  if ('fetch' in app) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers.set(name, value);
    }
    const url = `http://dev.local${request.path}`;
    const response = await app.fetch(
      new Request(url, { method: 'POST', headers, body: request.body }),
    );
    const body = await response.text();
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: body === '' ? undefined : body,
    };
  }
  const result = await app.handle(request);
  return {
    status: result.status,
    headers: result.headers ?? {},
    body: result.body === undefined ? undefined : JSON.stringify(result.body),
  };
}
