// packages/gateways/test/examples/hono.ts: one app served to five gateways on Hono
import { arkesel, beem, hubtel, infobip, nalo } from '@ussdkit/gateways';
import { Hono } from 'hono';
import { app } from './app';

// Register https://<your host>/ussd/<gateway>?secret=<USSD_URL_SECRET> with each gateway.
const secret = process.env.USSD_URL_SECRET;
if (secret === undefined) throw new Error('Set USSD_URL_SECRET, the secret of the registered URLs');

const handlers = {
  hubtel: hubtel(app, { secret }),
  arkesel: arkesel(app, { secret }),
  nalo: nalo(app, { secret }),
  beem: beem(app, { secret }),
};
const infobipHandler = infobip(app, { secret });

export const server = new Hono();
for (const [name, handler] of Object.entries(handlers)) {
  server.post(`/ussd/${name}`, (c) => handler(c.req.raw));
}
// Infobip calls <base URL>/{sessionId}/start, /response, /end and /status.
server.all('/ussd/infobip/*', (c) => infobipHandler(c.req.raw));
export default server;
