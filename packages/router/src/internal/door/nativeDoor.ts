import { SECRET_INPUT_HEADER, SECRET_INPUT_VALUE } from '@ussdkit/protocol';
import type { DispatchContext, DispatchResult, UssdEvent } from '../../Dispatch';
import type { Door, DoorHead, DoorReply } from '../../Door';
import type { ErrorInfo } from '../../ErrorInfo';
import type { SessionEventName } from '../../RouterEvent';
import { errorResult, type HandleResult } from './httpResult';
import { parseEvent } from './parseEvent';
import { eventOfPath, precheck } from './precheck';

/** The JSON type of every answer with a body. */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The header an answer carries when its screen asks a secret (`input({ secret: true })`): the
 * sandbox masks the next input everywhere it shows or keeps it; the real gateway ignores it.
 */
export const SECRET_MARK = { [SECRET_INPUT_HEADER]: SECRET_INPUT_VALUE } as const;

/**
 * {@link parseEvent}, with a failure no schema error describes (a parser's own) reported and
 * answered 500: never thrown.
 */
export function parseReported(
  event: SessionEventName,
  body: string,
  onError: (error: unknown, info: ErrorInfo) => void,
): ReturnType<typeof parseEvent> {
  try {
    return parseEvent(event, body);
  } catch (error) {
    onError(error, { sessionId: undefined, event });
    return {
      refused: errorResult(500, 'INTERNAL', 'The app could not handle this event'),
    };
  }
}

/** A result with a JSON body as a door reply. */
function replyOf(result: HandleResult): DoorReply {
  return result.body === undefined
    ? { status: result.status }
    : { status: result.status, type: JSON_TYPE, body: JSON.stringify(result.body) };
}

/** A dispatch result as a door reply: the command, nothing, or the error, in JSON. */
export function dispatchReply(result: DispatchResult): DoorReply {
  if (result.status === 204) return { status: 204 };
  if (result.status !== 200) return replyOf({ status: result.status, body: result.error });
  const body = JSON.stringify(result.command);
  return result.secret
    ? { status: 200, type: JSON_TYPE, body, headers: SECRET_MARK }
    : { status: 200, type: JSON_TYPE, body };
}

/**
 * The native protocol's door: the four `POST …/ussdSessionEvent/{event}` endpoints, checked
 * before the body (path, token, content type), then the body parsed by its schema and
 * dispatched. The checks run once: the dispatch that follows them trusts the door.
 */
export function nativeDoor(settings: {
  readonly authToken: string | undefined;
  readonly maxBodyBytes: number;
  readonly dispatch: (event: UssdEvent, context?: DispatchContext) => Promise<DispatchResult>;
  readonly onError: (error: unknown, info: ErrorInfo) => void;
}): Door {
  const { authToken, maxBodyBytes, dispatch, onError } = settings;
  return {
    maxBodyBytes,
    check(head: DoorHead) {
      if (head.method !== 'POST') {
        return {
          ...replyOf({
            status: 405,
            body: { code: 'METHOD_NOT_ALLOWED', message: 'The gateway POSTs its events' },
          }),
          headers: { allow: 'POST' },
        };
      }
      const checked = precheck(head, authToken);
      return 'refused' in checked ? replyOf(checked.refused) : undefined;
    },
    async answer(head, body, cut, waitUntil) {
      if (cut) {
        return replyOf({
          status: 413,
          body: { code: 'PAYLOAD_TOO_LARGE', message: `The body is over ${maxBodyBytes} bytes` },
        });
      }
      const parsed = parseReported(eventOfPath(head.path, head.mounted) ?? 'new', body, onError);
      if ('refused' in parsed) return replyOf(parsed.refused);
      return dispatchReply(await dispatch(parsed.event, { trusted: true, waitUntil }));
    },
  };
}
