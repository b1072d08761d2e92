import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, demoConfig, type RunningSandbox, startSandbox } from '../src/index';
import { type Api, acquireBody, api, opId } from './helpers/api';
import { startTestApp, type TestApp } from './helpers/testApp';

// The operation history is bounded like the ended sessions (docs/reference-server.md, "The
// operation history: how much is kept"): by count and by sandbox time, so a sandbox left running
// for days keeps a flat history however much traffic it serves.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp('Thank you');
});
afterAll(() => app.close());

async function sandboxWith(historyRetention: { entries: number; seconds: number }) {
  const config = demoConfig();
  return startSandbox({
    port: 0,
    quiet: true,
    historyRetention,
    config: { ...config, apps: config.apps.map((demo) => ({ ...demo, url: app.url })) },
  });
}

async function retained(http: Api): Promise<number> {
  const answer = await http.call('GET', '/sandbox/history', { credentials: null });
  return (answer.body as unknown[]).length;
}

/** One hour of traffic: acquires of both flows, a push, a dialled session, a merchant payment. */
async function hourOfTraffic(http: Api): Promise<string> {
  const first = acquireBody({ beneficiaryId: 'unknown-success' });
  await http.call('POST', '/v1/acquire/product/async', { body: first });
  await http.call('POST', '/v1/acquire/product', { body: acquireBody() });
  await http.call('POST', '/v1/acquire', {
    body: { operationId: opId(), sku: 'mtn-100', acquirerMsisdn: '08031234567', amount: null },
  });
  await http.call('POST', '/ussd/app/push', {
    body: { appId: DEMO.appId, msisdn: '08031234567', contextData: '' },
  });
  await http.call('POST', '/sandbox/sessions', {
    body: { msisdn: '08031234567', dial: '*384*1#' },
    credentials: null,
  });
  await http.call('POST', '/merchant/payment', {
    body: { operationId: opId('pay'), customerMsisdn: '08035550002', merchantCode: '1', amount: 5 },
  });
  return first.operationId;
}

describe('history retention', () => {
  let sandbox: RunningSandbox;
  afterAll(() => sandbox?.close());

  it('keeps the retained count flat through three days of traffic (by sandbox time)', async () => {
    sandbox = await sandboxWith({ entries: 10_000, seconds: 2 * 3600 });
    const http = api(sandbox.url);
    const firstOperationId = await hourOfTraffic(http);
    await sandbox.clock.advance(3600);
    const countsAtMidnight: number[] = [];
    for (let hour = 1; hour < 72; hour++) {
      await hourOfTraffic(http);
      // Each hour's pushes and payment sessions time out within it: every entry is made by now.
      await sandbox.clock.advance(3600);
      if (hour % 24 === 0) countsAtMidnight.push(await retained(http));
    }
    const count = countsAtMidnight[0] ?? 0;
    expect(count).toBeGreaterThan(0);
    // Two hours of traffic at any midnight, however long the sandbox ran.
    expect(countsAtMidnight).toEqual([count, count]);
    expect(count).toBeLessThan(30);
    // The first day's acquire left with its entry: the status endpoint no longer knows it.
    const status = await http.call('GET', `/v1/acquire/status?operationId=${firstOperationId}`);
    expect(status.body).toEqual({ status: 'NOT_FOUND' });
    // The service's own history sees the same bound.
    const own = await http.call('GET', '/operation/history');
    expect((own.body as { operations: unknown[] }).operations.length).toBeLessThanOrEqual(count);
  });

  it('keeps at most `entries` entries, the latest, however fast they come', async () => {
    await sandbox?.close();
    sandbox = await sandboxWith({ entries: 25, seconds: 86_400 });
    const http = api(sandbox.url);
    const sent: string[] = [];
    const counts: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 20; i++) {
        const body = acquireBody();
        sent.push(body.operationId);
        await http.call('POST', '/v1/acquire/product', { body });
      }
      counts.push(await retained(http));
    }
    expect(counts).toEqual([20, 25, 25, 25]);
    const rows = (await http.call('GET', '/sandbox/history', { credentials: null })).body as {
      operationId: string;
    }[];
    expect(rows.map((row) => row.operationId)).toEqual(sent.slice(-25));
    // An operationId the history dropped is free again.
    const reused = await http.call('POST', '/v1/acquire/product', {
      body: acquireBody({ operationId: sent[0] }),
    });
    expect(reused.status).toBe(200);
  });

  it('keeps the callback log within the same retention', async () => {
    await sandbox?.close();
    sandbox = await sandboxWith({ entries: 5, seconds: 3600 });
    const http = api(sandbox.url);
    for (let i = 0; i < 8; i++) {
      await http.call('POST', '/v1/acquire/product/async', { body: acquireBody() });
    }
    await sandbox.clock.advance(60); // every async acquire settles and calls back (or tries to)
    const attempts = async () =>
      (await http.call('GET', '/sandbox/callbacks', { credentials: null })).body as unknown[];
    expect(await attempts()).toHaveLength(5);
    await sandbox.clock.advance(2 * 3600);
    expect(await attempts()).toEqual([]);
  });

  it('refuses a bad historyRetention, naming the field', async () => {
    await expect(
      startSandbox({ port: 0, quiet: true, historyRetention: { entries: 0 } }),
    ).rejects.toThrow(/historyRetention: entries/);
    await expect(
      startSandbox({ port: 0, quiet: true, config: { historyRetention: { seconds: -1 } } }),
    ).rejects.toThrow(/historyRetention\.seconds/);
  });
});
