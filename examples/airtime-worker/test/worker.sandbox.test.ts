// The Worker on workerd (Miniflare, wrangler.toml's settings), served over HTTP on loopback and
// dialled through the real sandbox: the gateway calls it as it would call the deployed Worker.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO, type RunningSandbox, startSandbox } from '@ussdkit/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, serveWorker } from '../scripts/serveWorker';
import { sandboxCall, sandboxPhone } from './support/sandboxPhone';

const TOKEN = 'airtime-worker-test-token';
let sandbox: RunningSandbox;
let worker: RunningWorker;
let state = '';
let dial = '';

beforeAll(async () => {
  state = mkdtempSync(join(tmpdir(), 'airtime-worker-state-'));
  sandbox = await startSandbox({ port: 0, quiet: true });
  worker = await serveWorker({ authToken: TOKEN, persistTo: state });
  const app = await sandboxCall<{ shortcode: string }>(sandbox.url, 'POST', '/sandbox/apps', {
    clientId: DEMO.clientId,
    appId: 'airtime-worker',
    appCode: '9',
    url: `${worker.url}/ussd`,
    authToken: TOKEN,
  });
  dial = `*${app.shortcode}#`;
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await sandbox?.close();
  if (state) rmSync(state, { recursive: true, force: true });
});

describe('the airtime Worker through the sandbox', () => {
  it('walks a whole session: menu, a refused amount, the amount, the confirmation', async () => {
    const phone = sandboxPhone(sandbox.url, '+2348031000001');
    expect((await phone.dial(dial)).screen).toBe('Airtime on the edge\n1. Buy airtime\n2. Help');
    expect((await phone.send('1')).screen).toBe('Amount in NGN?');
    expect((await phone.send('20')).screen).toBe('The minimum is NGN 50\nAmount in NGN?');
    expect((await phone.send('500')).screen).toBe(
      'Buy NGN 500 of airtime for +2348031000001?\n1. Confirm\n0. Back\n00. Home',
    );
    const done = await phone.send('1');
    expect(done.open).toBe(false);
    expect(done.screen).toMatch(/^Order received: NGN 500\. Ref AW-[0-9A-F]{8}$/);
    const report = await sandboxCall<{ closeReason?: string; appId: string }>(
      sandbox.url,
      'GET',
      `/sandbox/sessions/${phone.sessionId}`,
    );
    expect(report).toMatchObject({ appId: 'airtime-worker', closeReason: 'End' });
  });

  it('keeps a session across a restart of the Worker: its state is in the Durable Object', async () => {
    const phone = sandboxPhone(sandbox.url, '+2348031000002');
    await phone.dial(dial);
    await phone.send('1');
    // A new workerd on the same port (the gateway keeps the URL a session started with): no
    // isolate memory survives, the Durable Object's storage does.
    const { port } = worker;
    await worker.close();
    worker = await serveWorker({ port, authToken: TOKEN, persistTo: state });
    expect((await phone.send('750')).screen).toBe(
      'Buy NGN 750 of airtime for +2348031000002?\n1. Confirm\n0. Back\n00. Home',
    );
  });

  it('answers a wrong token with 401 and a JSON body', async () => {
    const answer = await fetch(`${worker.url}/ussd/ussdSessionEvent/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'wrong' },
      body: '{}',
    });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
