import type { HandleResult } from '@ussdkit/router';
import { HarnessError } from '../HarnessError';
import type { UssdHandler } from '../UssdHandler';

/**
 * Posts one wire event to the app as the gateway does, and fails with a {@link HarnessError}
 * (ending in `context`, the screen and transcript) when the gateway would refuse the answer.
 */
export async function postEvent(
  app: UssdHandler,
  request: { event: string; body: object; headers: Record<string, string> },
  what: string,
  context: () => string,
): Promise<HandleResult> {
  const answer = await app.handle({
    path: `/ussdSessionEvent/${request.event}`,
    headers: { 'content-type': 'application/json', ...request.headers },
    body: JSON.stringify(request.body),
  });
  if (answer.status < 200 || answer.status > 299) {
    throw new HarnessError(
      `the app answered ${what} with HTTP ${answer.status} ${JSON.stringify(answer.body)}; ` +
        `the gateway would abort the session\n\n${context()}`,
    );
  }
  return answer;
}
