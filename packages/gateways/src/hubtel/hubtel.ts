import type { DoorReply, TextAnswer } from '@ussdkit/router';
import { defineGateway, type GatewayDeclaration } from '@ussdkit/router/gateway';
import { dialOf } from '../internal/dialOf';
import { jsonRefusal, jsonReply } from '../internal/jsonReply';
import { msisdnOf } from '../internal/msisdnOf';
import { numberedStep } from '../internal/numberedStep';
import { operatorOf } from '../internal/operatorOf';
import { readHubtelRequest } from './hubtelRead';
import type { HubtelResponse } from './hubtelSchemas';

/** Hubtel's answer to one request (`programmable`: a Programmable Services request). */
function hubtelAnswer(answer: TextAnswer, programmable: boolean): HubtelResponse {
  if (answer.type !== 'screen') return { Type: 'Release', Message: '' };
  const { text, ends, secret } = answer;
  const said: HubtelResponse = { Type: ends ? 'Release' : 'Response', Message: text };
  const masked = secret ? { ...said, MaskNextRoute: true } : said;
  if (!programmable) return masked;
  const label = text.split('\n', 1)[0] ?? '';
  return { ...masked, Label: label, DataType: ends ? 'display' : 'input', FieldType: 'text' };
}

/**
 * Hubtel's USSD callback (classic API and Programmable Services), declared: a JSON POST per
 * step; `Initiation` (or Programmable Services' `favorite`) begins a session with the dialled
 * string, `Response` carries the latest input, `Release` and `Timeout` end it (the app's
 * `onClose` runs with `Abandon` or `Timeout`); answers are `{ Type, Message }`. Screens up to
 * 182 characters (Hubtel's simulator cuts there).
 *
 * @example
 * ```ts
 * import { defineGateway, hubtelDeclaration } from '@ussdkit/gateways';
 *
 * // Emergent Technology's gateway speaks Hubtel's protocol: the same declaration, another name.
 * export const emergent = defineGateway({ ...hubtelDeclaration, name: 'emergent', title: 'Emergent' });
 * ```
 */
export const hubtelDeclaration: GatewayDeclaration = {
  name: 'hubtel',
  title: 'Hubtel',
  fields: 'json',
  screenLimit: 182,
  read({ fields }) {
    const data = readHubtelRequest(fields);
    if ('refused' in data) return data;
    const { SessionId: sessionId, Type: type, Message: message, ServiceCode } = data;
    if (type === 'release') return { type: 'end', sessionId, reason: 'Abandon' };
    if (type === 'timeout') return { type: 'end', sessionId, reason: 'Timeout' };
    if (type === 'query') {
      return {
        refused:
          "Hubtel's query requests ask a service for data off USSD: ussdkit serves USSD sessions only",
        code: 'UNSUPPORTED_TYPE',
      };
    }
    const msisdn = msisdnOf(data.Mobile);
    if (msisdn === '') return { refused: 'the field Mobile is missing' };
    // Sequence numbers the requests of a session: a resent or late one is answered as before.
    const step = numberedStep(data.Sequence);
    if (type === 'response') return { type: 'input', sessionId, msisdn, input: message, step };
    const operator = operatorOf(data.Operator);
    const dial = dialOf(message, ServiceCode);
    return { type: 'begin', sessionId, msisdn, operator, dial, serviceCode: ServiceCode, step };
  },
  write(answer, { fields }): DoorReply {
    if (answer.type === 'refused') return jsonRefusal(answer);
    return jsonReply(hubtelAnswer(answer, typeof fields.Platform === 'string'));
  },
  refuse: jsonRefusal,
};

/**
 * Serves a `@ussdkit/router` app to Hubtel's USSD API (classic and Programmable Services).
 * Register the handler's URL (with `?secret=…` when you give `secret`) as the service's USSD
 * (or Service Interaction) URL. Hubtel sends only the latest input: what a session needs between
 * requests is kept in the app's own session store, so an app on `redisStore` serves one session
 * from several instances. Throws `UnsupportedOnGatewayError` at once when the app uses what
 * Hubtel's USSD API cannot run (payments, embedded processes, redirects, push).
 *
 * @example
 * ```ts
 * import { hubtel } from '@ussdkit/gateways';
 * import { Hono } from 'hono';
 *
 * const handler = hubtel(app, { secret: process.env.HUBTEL_URL_SECRET });
 * const server = new Hono();
 * server.post('/ussd/hubtel', (c) => handler(c.req.raw));
 * ```
 */
export const hubtel = defineGateway(hubtelDeclaration);
