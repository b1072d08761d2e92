import { defineGateway, type GatewayDeclaration } from '@ussdkit/router/gateway';
import { jsonRefusal, jsonReply } from '../internal/jsonReply';
import { echoedFields, problemOf } from '../internal/looseFields';
import { msisdnOf } from '../internal/msisdnOf';
import { shownScreen } from '../internal/shownScreen';
import { stepEvent } from '../internal/stepEvent';
import { userIdCheck } from '../internal/userIdCheck';
import { type ArkeselResponse, arkeselRequestSchema } from './arkeselSchemas';

/**
 * Options of {@link arkesel} besides the caller checks every adapter takes.
 *
 * @example
 * ```ts
 * arkesel(app, { userId: process.env.ARKESEL_USER_ID });
 * ```
 */
export interface ArkeselOptions {
  /**
   * The `userID` Arkesel sends for your application: a request with another is refused 403.
   * No secret (every request carries it): it keeps out another account's traffic, not an
   * attacker; pair it with `secret` or `allowedIps`.
   * @defaultValue none: any `userID`
   */
  readonly userId?: string | undefined;
}

/**
 * Arkesel's USSD callback, declared: a JSON POST per step; `newSession: true` begins a session
 * (with the dialled string in `userData`), later requests carry the latest input; answers copy
 * `sessionID`, `userID` and `msisdn` back with `message` and `continueSession`. Arkesel sends no
 * end notice: a session left open expires in the store. Screens up to 182 characters.
 *
 * @example
 * ```ts
 * import { arkeselDeclaration, defineGateway } from '@ussdkit/gateways';
 *
 * export const myArkesel = defineGateway({ ...arkeselDeclaration, screenLimit: 160 });
 * ```
 */
export const arkeselDeclaration: GatewayDeclaration<ArkeselOptions> = {
  name: 'arkesel',
  title: 'Arkesel',
  fields: 'json',
  screenLimit: 182,
  read({ fields }, options) {
    const parsed = arkeselRequestSchema.safeParse(fields);
    if (!parsed.success) return { refused: problemOf(parsed.error) };
    const { sessionID: sessionId, userID, newSession, userData, network } = parsed.data;
    const wrongUser = userIdCheck('Arkesel', 'userID', userID, options.userId);
    if (wrongUser !== undefined) return wrongUser;
    const msisdn = msisdnOf(parsed.data.msisdn);
    return stepEvent({ sessionId, msisdn, begins: newSession, text: userData, network });
  },
  write(answer, { fields }) {
    if (answer.type === 'refused') return jsonRefusal(answer);
    const { text, waits } = shownScreen(answer);
    const said: ArkeselResponse = {
      ...echoedFields(fields, ['sessionID', 'userID', 'msisdn']),
      message: text,
      continueSession: waits,
    };
    return jsonReply(said);
  },
  refuse: jsonRefusal,
};

/**
 * Serves a `@ussdkit/router` app to Arkesel's USSD API. Register the handler's URL (with
 * `?secret=…` when you give `secret`) as the callback URL in Arkesel's dashboard. Arkesel sends
 * only the latest input: what a session needs between requests is kept in the app's own session
 * store. Throws `UnsupportedOnGatewayError` at once when the app uses what Arkesel cannot run.
 *
 * @example
 * ```ts
 * import { arkesel } from '@ussdkit/gateways';
 * import { Hono } from 'hono';
 *
 * const handler = arkesel(app, { secret: process.env.ARKESEL_URL_SECRET, userId: 'arkesel_app' });
 * const server = new Hono();
 * server.post('/ussd/arkesel', (c) => handler(c.req.raw));
 * ```
 */
export const arkesel = defineGateway(arkeselDeclaration);
