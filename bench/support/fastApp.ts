/**
 * A fast USSD app for the gateway benches, run as a child process: node:http answering `new` and
 * `continue` with the 4-screen flow's first screen (a constant chooser answer), `close` and `abort`
 * with 204. Prints `{port}`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ussdkitFlow } from './flows';
import { eventHeaders, newBody } from './phone';

const sample = await ussdkitFlow().handle({
  path: '/ussdSessionEvent/new',
  headers: eventHeaders,
  body: newBody('sample'),
});
const answer = JSON.stringify(sample.body);
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.url?.endsWith('/new') === true || req.url?.endsWith('/continue') === true) {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(answer),
      });
      res.end(answer);
    } else {
      res.writeHead(204).end();
    }
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
