import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeGracefully } from './closeGracefully';

/** A server whose `/slow` answers only when `release()` is called, and `/fast` at once. */
async function gatedServer() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived = () => {};
  const slowArrived = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const server = createServer((req, res) => {
    if (req.url === '/slow') {
      arrived();
      void released.then(() => res.end('slow answered'));
    } else res.end('fast answered');
  });
  // Without the sweep, a kept-alive connection would hold the close up for this long.
  server.keepAliveTimeout = 600_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, release, slowArrived };
}

const agents: Agent[] = [];

function get(port: number, path: string, keepAlive = false): Promise<string> {
  const agent = new Agent({ keepAlive });
  agents.push(agent);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve(body));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const open: Server[] = [];

afterEach(() => {
  for (const agent of agents.splice(0)) agent.destroy();
  for (const server of open.splice(0)) server.closeAllConnections();
});

describe('closeGracefully', () => {
  it('answers the request in flight, refuses new connections, then closes', async () => {
    const { server, port, release, slowArrived } = await gatedServer();
    open.push(server);
    const slow = get(port, '/slow');
    await slowArrived;
    const closed = closeGracefully(server, { timeoutMs: 60_000 });
    await expect(get(port, '/fast')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    release();
    await expect(slow).resolves.toBe('slow answered');
    await expect(closed).resolves.toEqual({ drained: true });
    expect(server.listening).toBe(false);
  });

  it('does not wait for idle kept-alive connections', async () => {
    const { server, port } = await gatedServer();
    open.push(server);
    await expect(get(port, '/fast', true)).resolves.toBe('fast answered');
    await expect(closeGracefully(server)).resolves.toEqual({ drained: true });
  });

  it('closes a kept-alive connection once its response in flight has ended', async () => {
    const { server, port, release, slowArrived } = await gatedServer();
    open.push(server);
    const slow = get(port, '/slow', true);
    await slowArrived;
    const closed = closeGracefully(server, { timeoutMs: 60_000 });
    release();
    await expect(slow).resolves.toBe('slow answered');
    await expect(closed).resolves.toEqual({ drained: true });
  });

  it('cuts what is still in flight after timeoutMs, and says so', async () => {
    const { server, port, slowArrived } = await gatedServer();
    open.push(server);
    const slow = get(port, '/slow');
    await slowArrived;
    await expect(closeGracefully(server, { timeoutMs: 10 })).resolves.toEqual({ drained: false });
    await expect(slow).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it("rejects with Node's error for a server that is not listening", async () => {
    await expect(closeGracefully(createServer())).rejects.toMatchObject({
      code: 'ERR_SERVER_NOT_RUNNING',
    });
  });
});
