import { z } from 'zod';
import type { ProviderProtocol } from './ProviderProtocol';
import { readEchoedAnswer } from './readJsonAnswer';
import { stepText } from './stepText';

/**
 * An answer to Nalo: the screen in `MSG`, `MSGTYPE` true to wait for input (in a request the
 * same key says whether the session is new).
 */
const naloAnswerSchema = z.object({ MSG: z.string(), MSGTYPE: z.boolean() });

const EXPECTED =
  'Nalo reads {"USERID" (and "MSISDN") copied from the request, "MSG": <screen>, "MSGTYPE": true to wait for input or false to end}.';

/**
 * Nalo Solutions' USSD callback: a JSON POST per step with UPPERCASE keys; `MSGTYPE: true` on the
 * first, whose `USERDATA` is the whole dialled string (a deep link's segments included), then
 * the newest input only. `USERID` is the account's Nalo-issued id: the sandbox sends the app's
 * `clientId`. Each answer must copy `USERID` back (`MSISDN` too when it has one). Nalo sends
 * nothing when a session ends without the app. Screens are cut at 120 characters, the `MSG`
 * limit integrations read in Nalo's documentation.
 *
 * @example
 * ```ts
 * const calls = providerCalls(naloProtocol);
 * ```
 */
export const naloProtocol: ProviderProtocol = {
  name: 'nalo',
  title: 'Nalo',
  screenLimit: 120,
  request(hop, step) {
    return {
      encoding: 'json',
      body: {
        USERID: hop.account,
        MSISDN: hop.msisdn,
        USERDATA: stepText(hop, step),
        MSGTYPE: step === 'start',
        NETWORK: hop.operator.toUpperCase(),
        SESSIONID: hop.sessionId,
      },
    };
  },
  read(body, hop) {
    const echoes = { USERID: hop.account, MSISDN: hop.msisdn };
    const read = readEchoedAnswer(naloAnswerSchema, body, EXPECTED, 'Nalo', echoes, ['MSISDN']);
    if ('problem' in read) return read;
    return { screen: read.data.MSG, ends: !read.data.MSGTYPE };
  },
  end() {
    return { none: 'Nalo sends no end-of-session request: nothing sent to the app' };
  },
};
