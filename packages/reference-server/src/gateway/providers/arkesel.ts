import { z } from 'zod';
import type { ProviderProtocol } from './ProviderProtocol';
import { readEchoedAnswer } from './readJsonAnswer';
import { stepText } from './stepText';

/** An answer to Arkesel: the screen in `message`, `continueSession` true to wait for input. */
const arkeselAnswerSchema = z.object({ message: z.string(), continueSession: z.boolean() });

const EXPECTED =
  'Arkesel reads {"sessionID", "userID", "msisdn" copied from the request, "message": <screen>, "continueSession": true to wait for input or false to end}.';

/**
 * Arkesel's USSD callback: a JSON POST per step; `newSession: true` on the first, whose
 * `userData` is the whole dialled string (a deep link's segments included), then the newest
 * input only. `userID` is the account's id: the sandbox sends the app's `clientId`. Each answer
 * must copy `sessionID`, `userID` and `msisdn` back. Arkesel sends nothing when a session ends
 * without the app. Screens are cut at 182 characters, the usual budget.
 *
 * @example
 * ```ts
 * const calls = providerCalls(arkeselProtocol);
 * ```
 */
export const arkeselProtocol: ProviderProtocol = {
  name: 'arkesel',
  title: 'Arkesel',
  screenLimit: 182,
  request(hop, step) {
    return {
      encoding: 'json',
      body: {
        sessionID: hop.sessionId,
        userID: hop.account,
        newSession: step === 'start',
        msisdn: hop.msisdn,
        userData: stepText(hop, step),
        network: hop.operator.toUpperCase(),
      },
    };
  },
  read(body, hop) {
    const echoes = { sessionID: hop.sessionId, userID: hop.account, msisdn: hop.msisdn };
    const read = readEchoedAnswer(arkeselAnswerSchema, body, EXPECTED, 'Arkesel', echoes);
    if ('problem' in read) return read;
    return { screen: read.data.message, ends: !read.data.continueSession };
  },
  end() {
    return { none: 'Arkesel sends no end-of-session request: nothing sent to the app' };
  },
};
