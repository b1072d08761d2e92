/**
 * The client bench's server, run as a child process: a bare node:http server answering every
 * request with a synchronous acquire's SUCCESS JSON after reading the body. Prints `{port}`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const answer = JSON.stringify({ status: 'SUCCESS', transactionId: 'tx-1', reference: 'ref-1' });
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(answer),
    });
    res.end(answer);
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
