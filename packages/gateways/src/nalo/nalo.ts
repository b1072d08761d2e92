import { defineGateway, type GatewayDeclaration } from '@ussdkit/router/gateway';
import { jsonRefusal, jsonReply } from '../internal/jsonReply';
import { echoedFields, problemOf } from '../internal/looseFields';
import { msisdnOf } from '../internal/msisdnOf';
import { shownScreen } from '../internal/shownScreen';
import { stepEvent } from '../internal/stepEvent';
import { userIdCheck } from '../internal/userIdCheck';
import { type NaloResponse, naloRequestSchema } from './naloSchemas';

/**
 * Options of {@link nalo} besides the caller checks every adapter takes.
 *
 * @example
 * ```ts
 * nalo(app, { userId: 'NALOTest' });
 * ```
 */
export interface NaloOptions {
  /**
   * The `USERID` Nalo issued you: a request with another is refused 403. No secret (every
   * request carries it): it keeps out another account's traffic, not an attacker; pair it with
   * `secret` or `allowedIps`.
   * @defaultValue none: any `USERID`
   */
  readonly userId?: string | undefined;
}

/**
 * Nalo Solutions' USSD callback, declared: a JSON POST per step with keys in capitals;
 * `MSGTYPE: true` begins a session (with the dialled string in `USERDATA`), later requests
 * carry the latest input; answers copy `USERID` and `MSISDN` back with `MSG` and `MSGTYPE`
 * (`true`: continue). A request without `SESSIONID` (older payloads) is keyed by `USERID` and
 * `MSISDN`; its first request then ends that number's previous session, so that a second dial
 * starts afresh. Screens up to 120 characters (a reading of Nalo's documentation).
 *
 * @example
 * ```ts
 * import { defineGateway, naloDeclaration } from '@ussdkit/gateways';
 *
 * // If Nalo confirms a screen of 160 characters for your account:
 * export const nalo160 = defineGateway({ ...naloDeclaration, screenLimit: 160 });
 * ```
 */
export const naloDeclaration: GatewayDeclaration<NaloOptions> = {
  name: 'nalo',
  title: 'Nalo',
  fields: 'json',
  screenLimit: 120,
  read({ fields }, options) {
    const parsed = naloRequestSchema.safeParse(fields);
    if (!parsed.success) return { refused: problemOf(parsed.error) };
    const { USERID, MSISDN, USERDATA, MSGTYPE, SESSIONID, NETWORK } = parsed.data;
    const wrongUser = userIdCheck('Nalo', 'USERID', USERID, options.userId);
    if (wrongUser !== undefined) return wrongUser;
    const sessionId = SESSIONID === '' ? `nalo:${USERID}:${MSISDN}` : SESSIONID;
    const msisdn = msisdnOf(MSISDN);
    const event = stepEvent({
      sessionId,
      msisdn,
      begins: MSGTYPE,
      text: USERDATA,
      network: NETWORK,
    });
    if (event.type === 'input' || SESSIONID !== '') return event;
    return [{ type: 'end', sessionId, reason: 'Abandon' }, event];
  },
  write(answer, { fields }) {
    if (answer.type === 'refused') return jsonRefusal(answer);
    const { text, waits } = shownScreen(answer);
    const said: NaloResponse = {
      ...echoedFields(fields, ['USERID', 'MSISDN']),
      MSG: text,
      MSGTYPE: waits,
    };
    return jsonReply(said);
  },
  refuse: jsonRefusal,
};

/**
 * Serves a `@ussdkit/router` app to Nalo Solutions' USSD API. Give Nalo the handler's URL (with
 * `?secret=…` when you give `secret`) as your endpoint. Create the app with
 * `screenLimits: { gsm7: 120 }` so that its menus are paged within Nalo's screen (a longer
 * screen is cut). What a session needs between requests is kept in the app's own session store.
 * Throws `UnsupportedOnGatewayError` at once when the app uses what Nalo cannot run.
 *
 * @example
 * ```ts
 * import { nalo } from '@ussdkit/gateways';
 * import { Hono } from 'hono';
 *
 * const handler = nalo(app, { secret: process.env.NALO_URL_SECRET, userId: 'NALOTest' });
 * const server = new Hono();
 * server.post('/ussd/nalo', (c) => handler(c.req.raw));
 * ```
 */
export const nalo = defineGateway(naloDeclaration);
