import { parseWire, type SessionCommand, sessionCommandSchema } from '@ussdkit/protocol';
import { ScreenTooLongError } from '../../ScreenTooLongError';
import { SessionAlreadyOpenError } from '../../SessionAlreadyOpenError';
import { fitAnswer } from '../engine/fitView';
import { screenOf } from '../observe/reportError';
import type { RunnerConfig } from './RunnerConfig';
import type { Answer } from './Scope';
import { infoAnswer } from './sessionScope';

/** The answer to `new` or `continue`, and whether the screen it shows asks a secret. */
export interface Answered {
  readonly command: SessionCommand;
  /** The screen shown is an `input({ secret: true })`: what the customer types next is secret. */
  readonly secret: boolean;
}

/** Store failures worth a second try: an outage, or the session's lock held too long. */
function isTransientStoreError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'STORE_UNAVAILABLE' || code === 'SESSION_LOCK_TIMEOUT';
}

/** Whether an answer ends the session: a final screen (the gateway closes after it). */
export function endsSession(command: SessionCommand): boolean {
  return command.action.type === 'ShowView' && command.action.view.type === 'InfoView';
}

/**
 * The customer's answer when the event failed: the error reported, then `messages.busy` on the
 * same screen for a store that is down or a lock held too long on a continue (nothing was saved,
 * so echoing its contextData leaves the session where it was), else `messages.unavailable`.
 * A second `new` of an open session is not the customer's answer to give: it is rethrown, and
 * the door tells the caller with a 409.
 */
export function failedAnswer(
  config: RunnerConfig,
  event: 'new' | 'continue',
  sessionId: string,
  contextData: string,
  language: string | undefined,
  error: unknown,
): Answered {
  const { onError, locales } = config;
  onError(error, { sessionId, event, screen: screenOf(error) });
  if (error instanceof SessionAlreadyOpenError) throw error;
  const { messages } = locales.of(language);
  if (event === 'continue' && isTransientStoreError(error)) {
    const view = { type: 'InputView', message: messages.busy } as const;
    const command = { action: { type: 'ShowView', view }, contextData };
    return { command: parseWire(sessionCommandSchema, command, 'app answer'), secret: false };
  }
  const command = sessionCommandSchema.parse(infoAnswer(messages.unavailable).command);
  return { command, secret: false };
}

/**
 * The answer within the screen limit: a longer view is cut, and the cut reported. Info and
 * input texts are paged already, so this cuts only what cannot be paged (a chooser's title, a
 * label) or keys that do not fit even a page of one character.
 */
export function fittedAnswer(
  config: RunnerConfig,
  answer: Answer,
  sessionId: string,
  event: 'new' | 'continue',
  screen?: string,
): Answer {
  const fitted = fitAnswer(answer, config.locales.first.settings.limits);
  const over = fitted.overflow;
  if (over === undefined) return answer;
  const { encoding, length, limit } = over;
  const overflow = {
    type: 'screen.overflow',
    sessionId,
    screen: screen ?? '',
    encoding,
    length,
    limit,
  } as const;
  config.events.emit?.(overflow);
  const error = new ScreenTooLongError(screen, encoding, length, limit);
  config.onError(error, { sessionId, event, screen });
  return fitted.answer;
}
