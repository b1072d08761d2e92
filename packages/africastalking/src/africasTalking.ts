import { DEFAULT_MESSAGES, type UssdApp } from '@ussdkit/router';
import type { z } from 'zod';
import type { AfricasTalkingOptions } from './AfricasTalkingOptions';
import { atNotificationSchema } from './AtNotification';
import { atSessionRequestSchema } from './AtSessionRequest';
import { readForm } from './internal/readForm';
import { requestGuard } from './internal/requestGuard';
import { SessionTranslator } from './internal/SessionTranslator';
import { textResponse } from './internal/textResponse';
import { unsupportedFeatures } from './internal/unsupportedFeatures';
import { memoryAtSessionStore } from './memoryAtSessionStore';
import { notificationCloseReason } from './notificationCloseReason';
import { UnsupportedOnAfricasTalkingError } from './UnsupportedOnAfricasTalkingError';

/**
 * A fetch-style handler: a web `Request` in, a `Response` out. Hono (`c.req.raw`), Cloudflare
 * Workers, Bun and Deno call it as it is.
 */
export type AfricasTalkingHandler = (request: Request) => Promise<Response>;

/** What {@link africasTalking} needs of a compiled app: its handler and its inspectable graph. */
export type ServableApp = Pick<UssdApp<unknown>, 'handle' | 'graph'>;

/** The first issue of a form that fails its schema, as a sentence. */
function formProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue === undefined ? 'the form is invalid' : issue.message;
}

/**
 * Serves a `@ussdkit/router` app to Africa's Talking's USSD API. Register the handler's URL as
 * both the callback URL and the notifications URL: a session request (`text`) is answered with
 * `CON …` or `END …`, an end-of-session notification (`status`) closes the session in the app.
 * Throws {@link UnsupportedOnAfricasTalkingError} at once when the app uses what Africa's Talking
 * cannot run (payments, embedded processes, redirects, push).
 *
 * @example
 * ```ts
 * import { africasTalking } from '@ussdkit/africastalking';
 * import { Hono } from 'hono';
 *
 * const handler = africasTalking(app, { secret: process.env.AT_SECRET });
 * const server = new Hono();
 * server.post('/ussd/at', (c) => handler(c.req.raw));
 * ```
 */
export function africasTalking(
  app: ServableApp,
  options: AfricasTalkingOptions = {},
): AfricasTalkingHandler {
  const problems = unsupportedFeatures(app.graph);
  if (problems.length > 0) throw new UnsupportedOnAfricasTalkingError(problems);
  const guard = requestGuard(options);
  const maxBodyBytes = options.maxBodyBytes ?? 16_384;
  const messages = {
    invalidChoice: 'Invalid choice. Try again.',
    unavailable: DEFAULT_MESSAGES.unavailable,
    ...options.messages,
  };
  const onError = (error: unknown, sessionId: string | undefined) => {
    try {
      options.onError?.(error, { sessionId });
    } catch {
      // A failing error hook must not break the answer.
    }
  };
  const translator = new SessionTranslator(app, {
    store: options.store ?? memoryAtSessionStore(),
    // What the native gateway sends: a JSON body, and the app's token when it has one.
    headers: {
      'content-type': 'application/json',
      ...(options.authToken === undefined ? {} : { authorization: options.authToken }),
    },
    messages,
    closeReason: options.closeReason ?? notificationCloseReason,
    onError,
  });

  return async (request) => {
    const refused = guard(request);
    if (refused !== undefined) return refused;
    const form = await readForm(request, maxBodyBytes);
    if (form instanceof Response) return form;
    if ('status' in form) {
      const notification = atNotificationSchema.safeParse(form);
      if (!notification.success) return textResponse(400, formProblem(notification.error));
      try {
        await translator.notify(notification.data);
        return textResponse(200, 'OK');
      } catch (error) {
        onError(error, notification.data.sessionId);
        return textResponse(500, 'The end of the session could not be recorded');
      }
    }
    const session = atSessionRequestSchema.safeParse(form);
    if (!session.success) return textResponse(400, formProblem(session.error));
    try {
      return textResponse(200, await translator.answer(session.data));
    } catch (error) {
      onError(error, session.data.sessionId);
      return textResponse(200, `END ${messages.unavailable}`);
    }
  };
}
