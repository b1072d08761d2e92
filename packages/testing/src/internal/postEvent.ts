import type { UssdEvent } from '@ussdkit/router';
import { HarnessError } from '../HarnessError';
import type { UssdHandler } from '../UssdHandler';

/** What the app answered one event: its status, its JSON body, and whether it asks a secret. */
export interface PostedAnswer {
  readonly status: number;
  readonly body?: unknown;
  /** Said by a router app (`dispatch`): the screen shown asks a secret; unknown for `handle`. */
  readonly secret?: boolean | undefined;
}

/** The answer of `dispatch`, or of `handle` when the handler only has that. */
async function answerOf(
  app: UssdHandler,
  request: { event: string; body: object; headers: Record<string, string> },
): Promise<PostedAnswer> {
  if ('dispatch' in app) {
    const event = { type: request.event, body: request.body } as UssdEvent;
    const result = await app.dispatch(event, { authorization: request.headers.authorization });
    if (result.status === 200) {
      return { status: 200, body: result.command, secret: result.secret };
    }
    return result.status === 204 ? result : { status: result.status, body: result.error };
  }
  return app.handle({
    path: `/ussdSessionEvent/${request.event}`,
    headers: { 'content-type': 'application/json', ...request.headers },
    body: JSON.stringify(request.body),
  });
}

/**
 * Gives one event to the app as the gateway does, and fails with a {@link HarnessError} (ending
 * in `context`, the screen and transcript) when the gateway would refuse the answer.
 */
export async function postEvent(
  app: UssdHandler,
  request: { event: string; body: object; headers: Record<string, string> },
  what: string,
  context: () => string,
): Promise<PostedAnswer> {
  const answer = await answerOf(app, request);
  if (answer.status < 200 || answer.status > 299) {
    throw new HarnessError(
      `the app answered ${what} with HTTP ${answer.status} ${JSON.stringify(answer.body)}; ` +
        `the gateway would abort the session\n\n${context()}`,
    );
  }
  return answer;
}
