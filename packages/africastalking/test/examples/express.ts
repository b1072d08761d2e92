// packages/africastalking/test/examples/express.ts: the app served to Africa's Talking on Express
import { africasTalkingExpress } from '@ussdkit/africastalking/express';
import express from 'express';
import { app } from './app';

const secret = process.env.AT_SECRET;
if (secret === undefined) throw new Error('Set AT_SECRET, the secret of the registered URLs');

export const server = express();
// The callback URL and the events URL: https://<your host>/ussd/at?secret=<AT_SECRET>
server.post('/ussd/at', africasTalkingExpress(app, { secret }));
// In your entry point: server.listen(Number(process.env.PORT ?? 3000));
