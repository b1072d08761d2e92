import type { DispatchContext, DispatchResult, UssdEvent } from '../../Dispatch';
import type { ErrorInfo } from '../../ErrorInfo';
import { SessionAlreadyOpenError } from '../../SessionAlreadyOpenError';
import type { EventRunner } from '../session/EventRunner';
import { refusedToken } from './precheck';

/** What `dispatch` answers with no session to speak of: a JSON error. */
const failure = (status: 401 | 409 | 500, code: string, message: string): DispatchResult => ({
  status,
  error: { code, message },
});

/**
 * The app's `dispatch`: the caller checked (unless a door did), then the event handled by the
 * runner. Resolves to a typed answer whatever happens; an unexpected failure is reported once.
 */
export function dispatcher(
  runner: EventRunner,
  authToken: string | undefined,
  onError: (error: unknown, info: ErrorInfo) => void,
): (event: UssdEvent, context?: DispatchContext) => Promise<DispatchResult> {
  return async (event, context = {}) => {
    if (context.trusted !== true) {
      const refused = refusedToken(context.authorization, authToken);
      if (refused !== undefined) {
        const { code, message } = refused.body as { code: string; message: string };
        return failure(401, code, message);
      }
    }
    try {
      if (event.type === 'new' || event.type === 'continue') {
        const { command, secret } = await runner.answer(event.type, event.body);
        return { status: 200, command, secret };
      }
      await runner.end(event.type, event.body);
      return { status: 204 };
    } catch (error) {
      // Reported by the runner already.
      if (error instanceof SessionAlreadyOpenError) return failure(409, error.code, error.message);
      onError(error, { sessionId: undefined, event: event.type });
      return failure(500, 'INTERNAL', 'The app could not handle this event');
    }
  };
}
