// examples/airtime-shop/test/guide/firstServer.ts: the app in Express (docs/getting-started.md)
import { pathToFileURL } from 'node:url';
import { ussdRouter } from '@ussdkit/express';
import express from 'express';
import { app } from './firstApp.js';

export const server = express();
// The gateway calls POST /ussd/ussdSessionEvent/new, /continue, /close and /abort.
server.use('/ussd', ussdRouter(app));

// `npx tsx src/firstServer.ts` listens on :3000, where the sandbox's demo app points.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  server.listen(Number(process.env.PORT ?? 3000), '127.0.0.1');
}
