// examples/airtime-shop/test/guide/firstApp.sandbox.test.ts: over HTTP, through the sandbox (docs/getting-started.md)
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO, type RunningSandbox, startSandbox } from '@ussdkit/reference-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { server } from './firstServer.js';

let sandbox: RunningSandbox;
let listening: Server;

/** One call to the sandbox API; the answers used here are sessions and reports. */
async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ sessionId: string; screen: string; open: boolean }> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as { sessionId: string; screen: string; open: boolean };
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true }); // the demo configuration
  listening = server.listen(0, '127.0.0.1');
  await new Promise((resolve) => listening.once('listening', resolve));
  const { port } = listening.address() as AddressInfo;
  // Point the demo app (*384*1#) at this server.
  await call('PATCH', `/sandbox/apps/${DEMO.appId}`, { url: `http://127.0.0.1:${port}/ussd` });
});

afterAll(async () => {
  listening.close();
  await sandbox.close();
});

it('is dialled through the sandbox gateway', async () => {
  const msisdn = '+2348030000009';
  const first = await call('POST', '/sandbox/sessions', { msisdn, dial: '*384*1#' });
  expect(first.screen).toBe('My Shop\n1. Buy airtime\n2. Help');
  await call('POST', `/sandbox/sessions/${first.sessionId}/input`, { text: '1' });
  const last = await call('POST', `/sandbox/sessions/${first.sessionId}/input`, { text: '500' });
  expect(last).toMatchObject({
    open: false,
    screen: 'Thank you! NGN 500 of airtime is on its way.',
  });

  const report = await call('GET', `/sandbox/sessions/${first.sessionId}`);
  expect(report).toMatchObject({ closeReason: 'End', ticks: 1, fee: 2 });
});
