// The HTTP server, as `npm start` serves it: the sandbox's gateway dials the app under /ussd as
// the real USSD service would, and /health answers.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO, demoConfig, type RunningSandbox, startSandbox } from '@ussdkit/reference-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServer } from '../src/server.js';

let server: Server;
let appUrl: string;
let sandbox: RunningSandbox;

beforeAll(async () => {
  server = createServer({ authToken: DEMO.authToken }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = demoConfig();
  // The sandbox's demo app, dialled *384*1#, pointed at this server.
  const apps = config.apps.map((app) =>
    app.appId === DEMO.appId ? { ...app, url: `${appUrl}/ussd` } : app,
  );
  sandbox = await startSandbox({ port: 0, quiet: true, config: { ...config, apps } });
});

afterAll(async () => {
  await sandbox?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

it('is dialled as *384*1# through the sandbox', async () => {
  const answer = await fetch(`${sandbox.url}/sandbox/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ msisdn: '+2348030000009', dial: '*384*1#' }),
  });
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({
    open: true,
    screen: 'My Shop\n1. Buy airtime\n2. Help',
  });
});

it('answers /health', async () => {
  const health = await fetch(`${appUrl}/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
});
