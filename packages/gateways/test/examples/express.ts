// packages/gateways/test/examples/express.ts: one app served to five gateways on Express
import { arkesel, beem, hubtel, infobip, nalo } from '@ussdkit/gateways';
import { toNodeHandler } from '@ussdkit/router/node';
import express from 'express';
import { app } from './app';

const secret = process.env.USSD_URL_SECRET;
if (secret === undefined) throw new Error('Set USSD_URL_SECRET, the secret of the registered URLs');

export const server = express();
server.post('/ussd/hubtel', toNodeHandler(hubtel(app, { secret })));
server.post('/ussd/arkesel', toNodeHandler(arkesel(app, { secret })));
server.post('/ussd/nalo', toNodeHandler(nalo(app, { secret })));
server.post('/ussd/beem', toNodeHandler(beem(app, { secret })));
// Infobip calls <base URL>/{sessionId}/start, /response, /end and /status: mount it below one.
server.use('/ussd/infobip', toNodeHandler(infobip(app, { secret })));
// In your entry point: server.listen(Number(process.env.PORT ?? 3000));
