import { excerpt } from '../apps/describeAppFailure';
import { readAtAnswer } from '../apps/readAtAnswer';
import type { ProviderEnding, ProviderHop, ProviderProtocol } from './ProviderProtocol';

/**
 * Africa's Talking's `networkCode` (the network's MCC and MNC) of the sandbox's operators, which
 * are Nigeria's.
 */
const NETWORK_CODES: Readonly<Record<string, string>> = {
  mtn: '62130',
  airtel: '62120',
  glo: '62150',
  etisalat: '62160',
};

/** The fields every request and the notification share. */
function sessionFields(hop: ProviderHop) {
  return {
    sessionId: hop.sessionId,
    serviceCode: `*${hop.code}#`,
    phoneNumber: hop.phone,
    networkCode: NETWORK_CODES[hop.operator] ?? '',
  };
}

/** The path: the dialled segments, then every input, joined by `*`. */
function pathOf(hop: ProviderHop): string {
  return [...hop.segments, ...hop.inputs].join('*');
}

/** How the notification says the session ended. */
function statusOf(ending: ProviderEnding): { status: string; errorMessage: string } {
  if (ending.kind === 'abort') return { status: 'Failed', errorMessage: ending.message ?? '' };
  if (ending.kind === 'End') return { status: 'Success', errorMessage: '' };
  const errorMessage = ending.kind === 'Timeout' ? 'Session timed out' : '';
  return { status: 'Incomplete', errorMessage };
}

/** Sandbox time as Africa's Talking writes its notification `date` (UTC). */
function atDate(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}

/**
 * Africa's Talking's USSD protocol (decisions 0016 and 0026): every request of a session is a
 * form POST to the callback URL whose `text` holds every input so far joined by `*`; an answer
 * `CON <screen>` asks for input, `END <screen>` ends the session. When the session ends, the
 * notification goes to the app's `notificationsUrl` (when it has one).
 *
 * @example
 * ```ts
 * const calls = providerCalls(africasTalkingProtocol);
 * ```
 */
export const africasTalkingProtocol: ProviderProtocol = {
  name: 'africastalking',
  title: "Africa's Talking",
  request(hop) {
    return { encoding: 'form', body: { ...sessionFields(hop), text: pathOf(hop) } };
  },
  read(body) {
    const answer = readAtAnswer(body);
    if (answer !== undefined) return { screen: answer.screen, ends: answer.keyword === 'END' };
    const said = body.trim() === '' ? 'an empty body' : `a body that starts ${excerpt(body)}`;
    return {
      problem: `${said}: answer text/plain "CON <screen>" while the session goes on, or "END <screen>" to end it.`,
    };
  },
  end(hop, ending, app) {
    const url = app.notificationsUrl;
    if (url === undefined)
      return { none: `no notification: app ${app.appId} has no notificationsUrl` };
    const { sessionId, serviceCode, networkCode, phoneNumber } = sessionFields(hop);
    const body = {
      date: atDate(ending.endedAt),
      sessionId,
      serviceCode,
      networkCode,
      phoneNumber,
      ...statusOf(ending),
      cost: `NGN ${ending.fee.toFixed(4)}`,
      durationInMillis: String(ending.endedAt - ending.startedAt),
      hopsCount: String(hop.sent),
      input: pathOf(hop),
      lastAppResponse: ending.lastResponse,
    };
    return { url, encoding: 'form', body, label: 'notification' };
  },
};
