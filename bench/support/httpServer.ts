/**
 * The HTTP bench's server, run as a child process: `hono` or `express` (argv[2]), serving the
 * 4-screen flow through the adapter under `/ussd`, the adapter over a constant `handle` under
 * `/thin`, and a bare handler of the same server under
 * `/bare` that reads the body and returns the same JSON (the chooser answer). Prints `{port}`.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { ussdRouter } from '@ussdkit/express';
import { ussdHono } from '@ussdkit/hono';
import express from 'express';
import { Hono } from 'hono';
import { ussdkitFlow } from './flows';
import { eventHeaders, newBody } from './phone';

const kind = process.argv[2];
const app = ussdkitFlow();
const sample = await app.handle({
  path: '/ussdSessionEvent/new',
  headers: eventHeaders,
  body: newBody('sample'),
});
const answer = sample.body;
// The adapter alone: the same adapter over a handle that returns the constant answer at once,
// to tell the adapter's own cost from the router's.
const json = JSON.stringify(answer);
const constantDoor = {
  maxBodyBytes: 65_536,
  check: () => undefined,
  answer: async () => ({ status: 200, type: 'application/json; charset=utf-8', body: json }),
};
const constant = {
  door: constantDoor,
  fetch: async (request: Request) => {
    await request.text();
    return new Response(json, { headers: { 'content-type': 'application/json; charset=utf-8' } });
  },
};

function listening(port: number): void {
  process.stdout.write(`${JSON.stringify({ port })}\n`);
}

if (kind === 'hono') {
  const web = new Hono();
  web.route('/ussd', ussdHono(app));
  web.route('/thin', ussdHono(constant));
  web.post('/bare/*', async (c) => {
    await c.req.text();
    return c.json(answer);
  });
  const server = serve({ fetch: web.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
    listening(info.port),
  );
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} else if (kind === 'express') {
  const web = express();
  web.use('/ussd', ussdRouter(app));
  web.use('/thin', ussdRouter(constant));
  web.post('/bare/*path', (req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      if (body.length > 0) res.json(answer);
      else res.status(400).json({ code: 'EMPTY', message: 'empty body' });
    });
  });
  const server = web.listen(0, '127.0.0.1', () =>
    listening((server.address() as AddressInfo).port),
  );
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} else {
  throw new Error(`unknown server kind ${String(kind)}`);
}
