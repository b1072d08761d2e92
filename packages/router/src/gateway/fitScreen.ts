import { DEFAULT_SCREEN_LIMITS } from '@ussdkit/protocol';
import { fitView } from '../internal/engine/fitView';
import type { TextAnswer } from '../TextEvent';

/**
 * The answer with its screen cut to a provider's screen (`limit` GSM 7-bit characters, and no
 * more UCS-2 characters than a phone shows), as the router cuts an app's screen to the app's
 * limit; other answers pass unchanged.
 */
export function fitScreen(answer: TextAnswer, limit: number): TextAnswer {
  if (answer.type !== 'screen') return answer;
  const limits = { gsm7: limit, ucs2: Math.min(limit, DEFAULT_SCREEN_LIMITS.ucs2) };
  const { view, overflow } = fitView({ type: 'InfoView', message: answer.text }, limits);
  return overflow === undefined || view.type === 'ChooserView'
    ? answer
    : { ...answer, text: view.message };
}
