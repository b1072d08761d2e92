// packages/africastalking/test/examples/hono.ts: the app served to Africa's Talking on Hono
import { africasTalking } from '@ussdkit/africastalking';
import { Hono } from 'hono';
import { app } from './app';

// Register https://<your host>/ussd/at?secret=<AT_SECRET> in Africa's Talking's dashboard as the
// callback URL and as the events (notifications) URL of your service code.
const secret = process.env.AT_SECRET;
if (secret === undefined) throw new Error('Set AT_SECRET, the secret of the registered URLs');

const handler = africasTalking(app, { secret });

export const server = new Hono();
server.post('/ussd/at', (c) => handler(c.req.raw));
export default server;
