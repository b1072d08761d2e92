import { z } from 'zod';
import type { ProviderEnding, ProviderHop, ProviderProtocol } from './ProviderProtocol';
import { readJsonAnswer } from './readJsonAnswer';
import { stepText } from './stepText';

/**
 * An answer to Infobip: the screen in `ussdMenu`, `shouldClose` true for the last one; its own
 * status in `responseExitCode` (200 when all is well) and `responseMessage`.
 */
const infobipAnswerSchema = z.object({
  ussdMenu: z.string(),
  shouldClose: z.boolean(),
  responseExitCode: z.number().int().optional(),
  responseMessage: z.string().nullish(),
});

const EXPECTED =
  'Infobip reads {"ussdMenu": <screen>, "shouldClose": false to wait for input or true to end, "responseExitCode": 200, "responseMessage": ""}.';

/**
 * The `end` body of each ending. Infobip's table of exit codes is not published: these codes
 * are the sandbox's own; `reason` says the ending in words (a timeout's mentions "timeout").
 */
const END_BODIES: Readonly<Record<ProviderEnding['kind'], { exitCode: number; reason: string }>> = {
  End: { exitCode: 0, reason: 'ok' },
  Abandon: { exitCode: 1, reason: 'cancelled by the subscriber' },
  Timeout: { exitCode: 2, reason: 'session timeout' },
  abort: { exitCode: 3, reason: 'application error' },
};

/** The session id as a path segment. */
function at(hop: ProviderHop, action: string): string {
  return `/${encodeURIComponent(hop.sessionId)}/${action}`;
}

/**
 * Infobip's legacy USSD API: one URL per event under the registered base URL,
 * `POST …/{sessionId}/start` (its `text` the whole dialled string, a deep link's segments
 * included; `shortCode` the app's code), `POST …/{sessionId}/response` (the newest input) and,
 * however the session ended, `PUT …/{sessionId}/end` with an `exitCode` and a `reason`. Screens
 * are cut at 182 characters, the usual budget.
 *
 * @example
 * ```ts
 * const calls = providerCalls(infobipProtocol);
 * ```
 */
export const infobipProtocol: ProviderProtocol = {
  name: 'infobip',
  title: 'Infobip',
  screenLimit: 182,
  request(hop, step) {
    return {
      path: at(hop, step === 'start' ? 'start' : 'response'),
      encoding: 'json',
      body: {
        msisdn: hop.msisdn,
        shortCode: `*${hop.code}#`,
        text: stepText(hop, step),
        ussdGwId: 'sandbox',
        language: null,
      },
    };
  },
  read(body) {
    const read = readJsonAnswer(infobipAnswerSchema, body, EXPECTED);
    if ('problem' in read) return read;
    const { ussdMenu, shouldClose, responseExitCode, responseMessage } = read.data;
    if (responseExitCode !== undefined && responseExitCode !== 200) {
      const said = responseMessage ? ` (${JSON.stringify(responseMessage)})` : '';
      return {
        problem: `responseExitCode ${responseExitCode}${said}: Infobip ends the session on an error the app reports; answer responseExitCode 200 to show the screen.`,
      };
    }
    return { screen: ussdMenu, ends: shouldClose };
  },
  end(hop, ending) {
    return {
      method: 'PUT',
      path: at(hop, 'end'),
      encoding: 'json',
      body: END_BODIES[ending.kind],
      label: 'infobip end',
    };
  },
};
