import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandbox, DEMO, demoConfig } from '../../src/index';

/**
 * The gateway's calls to apps go over keep-alive connections it owns: consecutive events of many
 * sessions share them, and closing the sandbox closes them.
 */
let app: Server;
let appUrl: string;
const ports = new Set<number>();

function openConnections(): Promise<number> {
  return new Promise((resolve, reject) =>
    app.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

beforeAll(async () => {
  app = createServer((req, res) => {
    ports.add(req.socket.remotePort ?? 0);
    req.resume();
    req.on('end', () => {
      if (req.url?.endsWith('/new') !== true) return void res.writeHead(204).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          action: { type: 'ShowView', view: { type: 'InputView', message: 'Hi' } },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/ussd`;
});

afterAll(async () => {
  app.closeAllConnections();
  await new Promise<void>((resolve) => app.close(() => resolve()));
});

describe('the gateway connections to apps', () => {
  it('reuses kept-alive connections across sessions and closes them with the sandbox', async () => {
    const config = demoConfig();
    const sandbox = createSandbox({
      webPhone: false,
      config: { ...config, apps: config.apps.map((entry) => ({ ...entry, url: appUrl })) },
    });
    for (let i = 0; i < 20; i++) {
      const response = await sandbox.fetch(
        new Request('http://sandbox/sandbox/sessions', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            msisdn: `080300000${String(i).padStart(2, '0')}`,
            dial: `*384*${DEMO.appCode}#`,
          }),
        }),
      );
      expect(await response.json()).toMatchObject({ screen: 'Hi', open: true });
    }
    // One dial at a time: a couple of connections at most (undici hands one back just after
    // the body ends, so the next call may open a second), never one per session.
    expect(ports.size).toBeLessThanOrEqual(2);
    expect(await openConnections()).toBeGreaterThan(0);
    await sandbox.close();
    await vi.waitFor(async () => expect(await openConnections()).toBe(0));
  });
});
