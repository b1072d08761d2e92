import { z } from 'zod';
import type { ProviderHop, ProviderProtocol } from './ProviderProtocol';
import { anyCase, readJsonAnswer } from './readJsonAnswer';
import { stepText } from './stepText';

/**
 * An answer to Hubtel: `Type` `Response` (wait for input) or `Release` (last screen), `Message`
 * the screen; `ClientState` comes back on the next request only; `MaskNextRoute` hides the next
 * input (a PIN). Hubtel compares `Type` without case, and takes camelCase keys as well (its
 * Programmable Services SDK writes them).
 */
const hubtelAnswerSchema = z.object({
  Type: anyCase(['response', 'release']),
  Message: z.string(),
  ClientState: z.string().nullish(),
  MaskNextRoute: z.boolean().nullish(),
});

const EXPECTED =
  'Hubtel reads {"Type": "Response" to wait for input or "Release" to end, "Message": <screen>, "ClientState"?: <text handed back on the next request>}.';

/** An answer's camelCase keys (`type`, `message`…) as Hubtel's PascalCase ones. */
function pascalKeys(json: unknown): unknown {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return json;
  const keys = Object.keys(json);
  return Object.fromEntries(
    Object.entries(json).map(([key, value]) => {
      const pascal = `${key.charAt(0).toUpperCase()}${key.slice(1)}`;
      return [keys.includes(pascal) ? key : pascal, value];
    }),
  );
}

/** The fields of every request of the session, `Type`, `Message` and `Sequence` aside. */
function request(hop: ProviderHop, Type: string, Message: string) {
  const first = Type === 'Initiation';
  return {
    encoding: 'json' as const,
    body: {
      Mobile: hop.msisdn,
      SessionId: hop.sessionId,
      ServiceCode: hop.code,
      Type,
      Message,
      Operator: hop.operator,
      Sequence: hop.sent + 1,
      // Hubtel hands the last answer's ClientState back once, from the second request on.
      ...(first ? {} : { ClientState: hop.carried === undefined ? '' : String(hop.carried) }),
    },
  };
}

/**
 * Hubtel's classic USSD API: a JSON POST per step to the callback URL; `Initiation` carries the
 * whole dialled string (a deep link's segments included) in `Message`, `Response` the newest
 * input only; the subscriber hanging up is a `Release` request, the session timing out (or
 * failing) a `Timeout` one. Screens are cut at 182 characters, where Hubtel's simulator cuts.
 *
 * @example
 * ```ts
 * const calls = providerCalls(hubtelProtocol);
 * ```
 */
export const hubtelProtocol: ProviderProtocol = {
  name: 'hubtel',
  title: 'Hubtel',
  screenLimit: 182,
  request(hop, step) {
    return request(hop, step === 'start' ? 'Initiation' : 'Response', stepText(hop, step));
  },
  read(body) {
    const read = readJsonAnswer(hubtelAnswerSchema, body, EXPECTED, pascalKeys);
    if ('problem' in read) return read;
    const { Type, Message, ClientState, MaskNextRoute } = read.data;
    return {
      screen: Message,
      ends: Type === 'release',
      carry: ClientState ?? undefined,
      secret: MaskNextRoute === true,
    };
  },
  end(hop, ending) {
    if (ending.kind === 'End') {
      return { none: 'Hubtel sends nothing more: the app ended the session with Release' };
    }
    return {
      ...request(hop, ending.kind === 'Abandon' ? 'Release' : 'Timeout', ''),
      label: 'hubtel end',
    };
  },
};
