import type { TextAnswer } from '@ussdkit/router';

/**
 * What a provider's answer shows for the app's `answer`: the screen's text, and whether the
 * session waits for input. An answer without a screen (a session already ended) shows nothing
 * and ends the session, as the providers read an empty last message.
 */
export function shownScreen(answer: TextAnswer): {
  readonly text: string;
  readonly waits: boolean;
} {
  if (answer.type !== 'screen') return { text: '', waits: false };
  return { text: answer.text, waits: !answer.ends };
}
