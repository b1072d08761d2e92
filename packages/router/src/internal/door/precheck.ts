import type { SessionEventName } from '../../RouterEvent';
import { errorResult, type HandleResult, headerValue, secretsEqual } from './httpResult';

/** A request before its body is read: what adapters can check cheaply. */
export interface RequestHead {
  /** The path relative to where the app is mounted, e.g. `/ussdSessionEvent/new`. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
}

/** Exactly the four endpoints, under the mount point (a trailing slash and a query allowed). */
const eventPath = /^\/ussdSessionEvent\/(new|continue|close|abort)\/?$/;

/** The go-ahead for each event, made once: every accepted request gets one of these. */
const accepted = new Map<string, { readonly event: SessionEventName }>(
  (['new', 'continue', 'close', 'abort'] as const).map((event) => [event, { event }]),
);

/** `application/json` or a `+json` type, parameters (`; charset=utf-8`) aside. */
function declaresJson(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return (
    type === 'application/json' ||
    (type?.startsWith('application/') && type.endsWith('+json')) === true
  );
}

/**
 * The checks that need no body, in the order adapters must answer them: a path that is not one
 * of the four endpoints (404), a missing or wrong token (401), a body not declared JSON (415).
 * Returns the event name when the request may go on, else the answer to give without reading
 * the body (so an unauthenticated upload is refused at once, not after it arrived).
 */
export function precheck(
  head: RequestHead,
  authToken: string | undefined,
): { readonly event: SessionEventName } | { readonly refused: HandleResult } {
  const query = head.path.indexOf('?');
  const path = query === -1 ? head.path : head.path.slice(0, query);
  const go = accepted.get(eventPath.exec(path)?.[1] ?? '');
  if (go === undefined) {
    return {
      refused: errorResult(
        404,
        'NOT_FOUND',
        `No USSD session endpoint at ${path}: the gateway posts to <mount>/ussdSessionEvent/new, /continue, /close and /abort`,
      ),
    };
  }
  if (authToken !== undefined) {
    const given = headerValue(head.headers, 'authorization');
    if (given === undefined || !secretsEqual(given, authToken)) {
      const problem = given === undefined ? 'is missing' : 'does not match';
      return {
        refused: errorResult(
          401,
          'UNAUTHORIZED',
          `The Authorization header ${problem} the app's authToken: the gateway must send the token registered for this app, and createApp's authToken must equal it`,
        ),
      };
    }
  }
  const contentType = headerValue(head.headers, 'content-type');
  if (!declaresJson(contentType)) {
    return {
      refused: errorResult(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        `The body must be declared JSON (Content-Type: application/json), not ${contentType === undefined ? 'left undeclared' : contentType}`,
      ),
    };
  }
  return go;
}
