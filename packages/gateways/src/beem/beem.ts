import { defineGateway, type GatewayDeclaration } from '@ussdkit/router/gateway';
import { jsonRefusal, jsonReply } from '../internal/jsonReply';
import { echoedFields, problemOf } from '../internal/looseFields';
import { msisdnOf } from '../internal/msisdnOf';
import { shownScreen } from '../internal/shownScreen';
import { stepEvent } from '../internal/stepEvent';
import { type BeemResponse, beemRequestSchema } from './beemSchemas';

/** The step a request carries, `0` when it carries none readable. */
function stepOf(payload: unknown): number {
  const step = Number((payload as { request_id?: unknown } | null)?.request_id ?? 0);
  return Number.isInteger(step) && step >= 0 ? step : 0;
}

/**
 * Beem Africa's USSD callback, declared: a JSON POST per step; `initiate` begins a session,
 * `continue` carries the latest input in `payload.response`, `terminate` ends it (the app's
 * `onClose` runs with `Abandon`: Beem does not say whether the subscriber left or the session
 * timed out); answers copy `msisdn`, `operator` and `session_id` back, with `command`
 * `continue` or `terminate` and the text in `payload.request`. Screens up to 182 characters.
 *
 * @example
 * ```ts
 * import { beemDeclaration, defineGateway } from '@ussdkit/gateways';
 *
 * export const beemTz = defineGateway({ ...beemDeclaration, name: 'beem-tz' });
 * ```
 */
export const beemDeclaration: GatewayDeclaration = {
  name: 'beem',
  title: 'Beem',
  fields: 'json',
  screenLimit: 182,
  read({ fields }) {
    const parsed = beemRequestSchema.safeParse(fields);
    if (!parsed.success) return { refused: problemOf(parsed.error) };
    const { command, session_id: sessionId, payload, operator } = parsed.data;
    if (command === 'terminate') return { type: 'end', sessionId, reason: 'Abandon' };
    const msisdn = msisdnOf(parsed.data.msisdn);
    if (msisdn === '') return { refused: 'the field msisdn is missing' };
    const begins = command !== 'continue';
    const text = payload.response;
    // request_id numbers the steps of a session: a resent or late one is answered as before.
    const sequence = payload.request_id;
    return stepEvent({ sessionId, msisdn, begins, text, network: operator, sequence });
  },
  write(answer, { fields }) {
    if (answer.type === 'refused') return jsonRefusal(answer);
    const { text, waits } = shownScreen(answer);
    const said: BeemResponse = {
      ...echoedFields(fields, ['msisdn', 'operator', 'session_id']),
      command: waits ? 'continue' : 'terminate',
      payload: { request_id: stepOf(fields.payload) + 1, request: text },
    };
    return jsonReply(said);
  },
  refuse: jsonRefusal,
};

/**
 * Serves a `@ussdkit/router` app to Beem Africa's USSD Hub. Register the handler's URL (with
 * `?secret=…` when you give `secret`) as your USSD callback URL. Beem sends only the latest
 * input: what a session needs between requests is kept in the app's own session store. Throws
 * `UnsupportedOnGatewayError` at once when the app uses what Beem cannot run.
 *
 * @example
 * ```ts
 * import { beem } from '@ussdkit/gateways';
 * import { Hono } from 'hono';
 *
 * const handler = beem(app, { secret: process.env.BEEM_URL_SECRET });
 * const server = new Hono();
 * server.post('/ussd/beem', (c) => handler(c.req.raw));
 * ```
 */
export const beem = defineGateway(beemDeclaration);
