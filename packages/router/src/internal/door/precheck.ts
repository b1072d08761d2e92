import type { SessionEventName } from '../../RouterEvent';
import { errorResult, type HandleResult, secretsEqual } from './httpResult';

/** A request before its body is read: what the checks need. */
export interface RequestHead {
  /** The URL's path, a query string allowed. */
  readonly path: string;
  /** Whether the path is relative to the mount point (else it only has to end with an endpoint). */
  readonly mounted: boolean;
  /** A header by its lower-case name. */
  header(name: string): string | undefined;
}

/** Exactly the four endpoints under the mount point (a trailing slash allowed). */
const mountedPath = /^\/ussdSessionEvent\/(new|continue|close|abort)\/?$/;
/** The four endpoints at the end of a whole URL path, wherever the app is routed. */
const wholePath = /\/ussdSessionEvent\/(new|continue|close|abort)\/?$/;

/** The go-ahead for each event, made once: every accepted request gets one of these. */
const accepted = new Map<string, { readonly event: SessionEventName }>(
  (['new', 'continue', 'close', 'abort'] as const).map((event) => [event, { event }]),
);

/** `application/json` or a `+json` type, parameters (`; charset=utf-8`) aside. */
function declaresJson(contentType: string | undefined): boolean {
  // What every gateway sends, told without the split and the copies.
  if (contentType === 'application/json') return true;
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return (
    type === 'application/json' ||
    (type?.startsWith('application/') && type.endsWith('+json')) === true
  );
}

/** The event a path names, or `undefined` when it names none of the four endpoints. */
export function eventOfPath(path: string, mounted: boolean): SessionEventName | undefined {
  const query = path.indexOf('?');
  const bare = query === -1 ? path : path.slice(0, query);
  return accepted.get((mounted ? mountedPath : wholePath).exec(bare)?.[1] ?? '')?.event;
}

/** The 401 answer to a missing or wrong `Authorization`, or `undefined` when it matches. */
export function refusedToken(
  given: string | undefined,
  authToken: string | undefined,
): HandleResult | undefined {
  if (authToken === undefined || (given !== undefined && secretsEqual(given, authToken))) {
    return undefined;
  }
  const problem = given === undefined ? 'is missing' : 'does not match';
  return errorResult(
    401,
    'UNAUTHORIZED',
    `The Authorization header ${problem} the app's authToken: the gateway must send the token registered for this app, and createApp's authToken must equal it`,
  );
}

/**
 * The checks that need no body, in the order doors must answer them: a path that is not one
 * of the four endpoints (404), a missing or wrong token (401), a body not declared JSON (415).
 * Returns the event name when the request may go on, else the answer to give without reading
 * the body (so an unauthenticated upload is refused at once, not after it arrived).
 */
export function precheck(
  head: RequestHead,
  authToken: string | undefined,
): { readonly event: SessionEventName } | { readonly refused: HandleResult } {
  const event = eventOfPath(head.path, head.mounted);
  if (event === undefined) {
    const query = head.path.indexOf('?');
    const path = query === -1 ? head.path : head.path.slice(0, query);
    return {
      refused: errorResult(
        404,
        'NOT_FOUND',
        `No USSD session endpoint at ${path}: the gateway posts to <mount>/ussdSessionEvent/new, /continue, /close and /abort`,
      ),
    };
  }
  const unauthorized = refusedToken(head.header('authorization'), authToken);
  if (unauthorized !== undefined) return { refused: unauthorized };
  const contentType = head.header('content-type');
  if (!declaresJson(contentType)) {
    return {
      refused: errorResult(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        `The body must be declared JSON (Content-Type: application/json), not ${contentType === undefined ? 'left undeclared' : contentType}`,
      ),
    };
  }
  return accepted.get(event) as { readonly event: SessionEventName };
}
