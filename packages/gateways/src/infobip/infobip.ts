import type { DoorReply, TextAnswer } from '@ussdkit/router';
import {
  defineGateway,
  type GatewayDeclaration,
  type GatewayProblem,
  type GatewayRequest,
} from '@ussdkit/router/gateway';
import { dialOf } from '../internal/dialOf';
import { jsonReply } from '../internal/jsonReply';
import { problemOf } from '../internal/looseFields';
import { msisdnOf } from '../internal/msisdnOf';
import { type InfobipResponse, infobipEndSchema, infobipRequestSchema } from './infobipSchemas';

/** `…/{sessionId}/{action}` at the end of the path. */
const ROUTE = /\/([^/]+)\/(start|response|end|status)\/?$/;

/** The session id and action a request's path names, or `undefined`. */
function routeOf(path: string): { sessionId: string; action: string } | undefined {
  const [, id, action] = ROUTE.exec(path) ?? [];
  if (id === undefined || action === undefined) return undefined;
  try {
    return { sessionId: decodeURIComponent(id), action };
  } catch {
    return undefined;
  }
}

/** An end's reason: a timeout when the gateway's words say so, else the subscriber left. */
function reasonOf(reason: string): 'Abandon' | 'Timeout' {
  return /time/i.test(reason) ? 'Timeout' : 'Abandon';
}

/** A refusal in Infobip's shape: the status in the body too, what was wrong in its message. */
function infobipRefusal({ status, message, headers }: GatewayProblem): DoorReply {
  const said: InfobipResponse = { responseExitCode: status, responseMessage: message };
  return jsonReply(said, status, headers === undefined ? undefined : { ...headers });
}

/** Infobip's answer to one request. */
function infobipAnswer(answer: TextAnswer): InfobipResponse {
  const ok = { responseExitCode: 200, responseMessage: '' };
  if (answer.type === 'status') return { sessionActive: answer.active, ...ok };
  if (answer.type !== 'screen') return ok;
  return { ussdMenu: answer.text, shouldClose: answer.ends, ...ok };
}

/**
 * Infobip's legacy USSD API, declared: one URL per event under the base URL you register,
 * `POST …/{sessionId}/start` (begins a session; `text` the dialled string), `POST
 * …/{sessionId}/response` (the latest input), `PUT …/{sessionId}/end` (ends it: the app's
 * `onClose` runs, with `Timeout` when the reason speaks of time, else `Abandon`) and `GET
 * …/{sessionId}/status` (whether the session is open); answers `{ ussdMenu, shouldClose,
 * responseExitCode, responseMessage }`, refusals in the same shape. Screens up to 182 characters.
 *
 * @example
 * ```ts
 * import { defineGateway, infobipDeclaration } from '@ussdkit/gateways';
 *
 * export const infobipEu = defineGateway({ ...infobipDeclaration, name: 'infobip-eu' });
 * ```
 */
export const infobipDeclaration: GatewayDeclaration = {
  name: 'infobip',
  title: 'Infobip',
  fields: 'json',
  methods: ['POST', 'PUT', 'GET'],
  screenLimit: 182,
  read({ fields, head }: GatewayRequest) {
    const route = routeOf(head.path);
    if (route === undefined) {
      return {
        refused: `No Infobip endpoint at ${head.path}: Infobip calls <base URL>/{sessionId}/start, /response, /end and /status`,
        status: 404,
      };
    }
    const { sessionId, action } = route;
    if (action === 'status') return { type: 'status', sessionId };
    if (action === 'end') {
      const ended = infobipEndSchema.safeParse(fields);
      if (!ended.success) return { refused: problemOf(ended.error) };
      return { type: 'end', sessionId, reason: reasonOf(ended.data.reason) };
    }
    const parsed = infobipRequestSchema.safeParse(fields);
    if (!parsed.success) return { refused: problemOf(parsed.error) };
    const { text, shortCode } = parsed.data;
    const msisdn = msisdnOf(parsed.data.msisdn);
    if (action === 'response') return { type: 'input', sessionId, msisdn, input: text };
    const serviceCode = shortCode === '' ? undefined : shortCode;
    return { type: 'begin', sessionId, msisdn, dial: dialOf(text, shortCode), serviceCode };
  },
  write(answer) {
    if (answer.type === 'refused') return infobipRefusal(answer);
    return jsonReply(infobipAnswer(answer));
  },
  refuse: infobipRefusal,
};

/**
 * Serves a `@ussdkit/router` app to Infobip's legacy USSD API. Register the base URL (with
 * `?secret=…` when you give `secret`); route every path under it to the handler (Hono:
 * `server.all('/ussd/infobip/*', …)`, Express: `server.use('/ussd/infobip', toNodeHandler(…))`).
 * What a session needs between requests is kept in the app's own session store. Throws
 * `UnsupportedOnGatewayError` at once when the app uses what Infobip cannot run.
 *
 * @example
 * ```ts
 * import { infobip } from '@ussdkit/gateways';
 * import { Hono } from 'hono';
 *
 * const handler = infobip(app, { secret: process.env.INFOBIP_URL_SECRET });
 * const server = new Hono();
 * server.all('/ussd/infobip/*', (c) => handler(c.req.raw));
 * ```
 */
export const infobip = defineGateway(infobipDeclaration);
