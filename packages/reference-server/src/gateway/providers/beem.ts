import { z } from 'zod';
import type { ProviderHop, ProviderProtocol } from './ProviderProtocol';
import { anyCase, readEchoedAnswer } from './readJsonAnswer';
import { stepText } from './stepText';

/**
 * An answer to Beem: `command` `continue` (wait for input) or `terminate` (last screen), the
 * screen in `payload.request` and the step in `payload.request_id`, which the next request
 * carries back.
 */
const beemAnswerSchema = z.object({
  command: anyCase(['continue', 'terminate']),
  payload: z.object({
    request_id: z.union([z.number().int().min(0), z.string().regex(/^[0-9]+$/)]),
    request: z.string(),
  }),
});

const EXPECTED =
  'Beem reads {"msisdn", "operator", "session_id" copied from the request, "command": "continue" to wait for input or "terminate" to end, "payload": {"request_id": <step number>, "request": <screen>}}.';

function request(hop: ProviderHop, command: string, response: string | number) {
  return {
    encoding: 'json' as const,
    body: {
      command,
      msisdn: hop.msisdn,
      session_id: hop.sessionId,
      operator: hop.operator,
      payload: { request_id: Number(hop.carried ?? 0), response },
    },
  };
}

/**
 * Beem Africa's USSD Hub callback: a JSON POST per step; `initiate` opens the session (with
 * `payload.response` `0`: Beem sends no dialled string, so a deep link's segments are not sent,
 * and the transcript says so), `continue` carries the newest input in `payload.response` and the
 * app's last `request_id`; the subscriber hanging up, the session timing out or failing is a
 * `terminate` request. Each answer must copy `msisdn`, `operator` and `session_id` back. Screens
 * are cut at 182 characters, the usual budget.
 *
 * @example
 * ```ts
 * const calls = providerCalls(beemProtocol);
 * ```
 */
export const beemProtocol: ProviderProtocol = {
  name: 'beem',
  title: 'Beem',
  screenLimit: 182,
  request(hop, step) {
    if (step === 'continue') return request(hop, 'continue', stepText(hop, step));
    const started = request(hop, 'initiate', 0);
    if (hop.segments.length === 0) return started;
    const segments = hop.segments.map((segment) => `*${segment}`).join('');
    return {
      ...started,
      note: `Beem sends no dialled string: the segments ${segments} dialled after the app's code are not sent`,
    };
  },
  read(body, hop) {
    const echoes = { msisdn: hop.msisdn, operator: hop.operator, session_id: hop.sessionId };
    const read = readEchoedAnswer(beemAnswerSchema, body, EXPECTED, 'Beem', echoes);
    if ('problem' in read) return read;
    const { command, payload } = read.data;
    return {
      screen: payload.request,
      ends: command === 'terminate',
      carry: Number(payload.request_id),
    };
  },
  end(hop, ending) {
    if (ending.kind === 'End') {
      return { none: 'Beem sends nothing more: the app ended the session with terminate' };
    }
    return { ...request(hop, 'terminate', ''), label: 'beem end' };
  },
};
