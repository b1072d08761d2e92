import type { Hono } from 'hono';
import { toServiceError } from '../core/toServiceError';

/**
 * Makes `app` answer every failure as the service does, in one place for the service app and the
 * sandbox around it: JSON `{code, message}` with the error's status (`toServiceError`), 500
 * `INTERNAL` without details for anything unexpected (handed to `onError`), 404 `NOT_FOUND`
 * naming the method and path of an unknown route.
 *
 * @example
 * ```ts
 * answerErrors(app, (error) => console.error(error));
 * ```
 */
export function answerErrors<A extends Hono>(app: A, onError: (error: unknown) => void): A {
  app.onError((error, c) => {
    const failure = toServiceError(error);
    if (failure.status === 500) onError(error);
    return c.json(failure.toBody(), failure.status);
  });
  app.notFound((c) =>
    c.json({ code: 'NOT_FOUND', message: `no route for ${c.req.method} ${c.req.path}` }, 404),
  );
  return app;
}
