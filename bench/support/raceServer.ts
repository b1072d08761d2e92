/**
 * The server of `versusIncumbent.ts`, run as a child process, one contender each (argv[2]):
 *
 * - `umb`: ussd-menu-builder mounted in Express as its README mounts it: one shared menu,
 *   `express.urlencoded()` for Africa's Talking's form bodies, `menu.run(args)` then
 *   `res.send(result)`, its sessions in its own store (a Map, as our memory store);
 * - `express`: the flow through `@ussdkit/express` (`ussdRouter(app)` on Express 5);
 * - `hono`: the flow through `@ussdkit/hono` on @hono/node-server;
 * - `express-ceiling`: `@ussdkit/express` over a lookup table of the flow's answers instead of the
 *   router (the router's real answers, taken once at start): what Express and the adapter cost
 *   with no router work at all, four requests a session. No router could be faster than this.
 *
 * Prints `{port}`.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { ussdRouter } from '@ussdkit/express';
import { ussdHono } from '@ussdkit/hono';
import express from 'express';
import { Hono } from 'hono';
import type UssdMenu from 'ussd-menu-builder';
import { umbFlow, ussdkitFlow } from './flows';
import { closeBody, continueBody, eventHeaders, newBody } from './phone';

type UssdGatewayArgs = UssdMenu.UssdGatewayArgs;

const kind = process.argv[2];

function listening(port: number): void {
  process.stdout.write(`${JSON.stringify({ port })}\n`);
}

if (kind === 'hono') {
  const web = new Hono();
  web.route('/ussd', ussdHono(ussdkitFlow()));
  const server = serve({ fetch: web.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
    listening(info.port),
  );
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} else if (kind === 'express' || kind === 'umb' || kind === 'express-ceiling') {
  const web = express();
  if (kind === 'express') web.use('/ussd', ussdRouter(ussdkitFlow()));
  else if (kind === 'express-ceiling') web.use('/ussd', ussdRouter(await lookupTable()));
  else {
    const menu = umbFlow();
    web.use(express.urlencoded());
    web.post('/ussd', async (req, res) => {
      // The README's handler: the form's fields as Africa's Talking sends them.
      const { phoneNumber, sessionId, serviceCode, text } = req.body as UssdGatewayArgs;
      res.send(await menu.run({ phoneNumber, sessionId, serviceCode, text }));
    });
  }
  const server = web.listen(0, '127.0.0.1', () =>
    listening((server.address() as AddressInfo).port),
  );
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} else {
  throw new Error(`unknown server kind ${String(kind)}`);
}

/**
 * The flow's answers, taken from the router once, served by path and input: the adapter with a
 * `handle` that does no router work (no parsing, no checks, no store).
 */
async function lookupTable() {
  const app = ussdkitFlow();
  const post = async (event: string, body: string) =>
    app.handle({ path: `/ussdSessionEvent/${event}`, headers: eventHeaders, body });
  const menu = await post('new', newBody('table'));
  const amount = await post('continue', continueBody('table', '1', 'h1'));
  const thanks = await post('continue', continueBody('table', '500', 'h2'));
  const closed = await post('close', closeBody('table', 'h3'));
  const reply = (result: { status: number; body?: unknown }) =>
    result.body === undefined
      ? { status: result.status }
      : { status: result.status, type: 'application/json', body: JSON.stringify(result.body) };
  const answers = { menu: reply(menu), amount: reply(amount), thanks: reply(thanks) };
  return {
    door: {
      maxBodyBytes: app.door.maxBodyBytes,
      check: app.door.check,
      answer: async (head: { path: string }, body: string) => {
        if (head.path.endsWith('/new')) return answers.menu;
        if (head.path.endsWith('/close')) return reply(closed);
        return body.includes('"value":"1"') ? answers.amount : answers.thanks;
      },
    },
  };
}
