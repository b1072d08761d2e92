/**
 * The server of `versusIncumbent.ts`, run as a child process, one contender each (argv[2]):
 *
 * - `umb`: ussd-menu-builder mounted in Express as its README mounts it: one shared menu,
 *   `express.urlencoded()` for Africa's Talking's form bodies, `menu.run(args)` then
 *   `res.send(result)`, its sessions in its own store (a Map, as our memory store);
 * - `express`: the flow through `@ussdkit/express` (`ussdRouter(app)` on Express 5);
 * - `hono`: the flow through `@ussdkit/hono` on @hono/node-server.
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
} else if (kind === 'express' || kind === 'umb') {
  const web = express();
  if (kind === 'express') web.use('/ussd', ussdRouter(ussdkitFlow()));
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
