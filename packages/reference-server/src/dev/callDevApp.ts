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
 * The one call from the dev server into the user's app: today its `handle`. Kept to this
 * function so that moving to `app.fetch(request)` or `app.dispatch(event, context)` changes
 * nothing else (the answer's headers, `Ussdkit-Input` among them, are passed on either way).
 *
 * @example
 * ```ts
 * const answer = await callDevApp(app, { path: '/ussdSessionEvent/new', headers, body });
 * ```
 */
export async function callDevApp(app: DevApp, request: DevRequest): Promise<DevAnswer> {
  const result = await app.handle(request);
  return {
    status: result.status,
    headers: result.headers ?? {},
    body: result.body === undefined ? undefined : JSON.stringify(result.body),
  };
}
