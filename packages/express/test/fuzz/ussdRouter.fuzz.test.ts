import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appEventTargets } from '../../../protocol/test/fuzz/appEventTargets';
import { fuzzHttp } from '../../../protocol/test/fuzz/fuzzHttp';
import { smallApp } from '../../../router/test/support/adapterApp';
import { ussdRouter } from '../../src/index';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
let server: Server;
let base: string;

beforeAll(async () => {
  const web = express();
  web.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  web.use('/ussd', ussdRouter(smallApp({ authToken: 'fuzz-token' })));
  server = web.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server?.closeAllConnections();
  server?.close();
});

const healthy = async () => (await fetch(`${base}/health`)).status === 200;

describe(`@ussdkit/express under ${RUNS} hostile bodies`, () => {
  it('answers every one with a non-5xx, every error as JSON {code, message}, and keeps serving', {
    timeout: 120_000,
  }, async () => {
    const report = await fuzzHttp({
      runs: RUNS,
      target: appEventTargets(`${base}/ussd`, { authorization: 'fuzz-token' }),
      healthy,
    });
    expect(report.problems).toEqual([]);
    expect(report.sent).toBe(RUNS);
    expect(report.byClass['4xx'] ?? 0).toBeGreaterThan(RUNS / 2);
    expect(await healthy()).toBe(true);
  });

  it('refuses the same bodies without the token with 401 JSON', { timeout: 60_000 }, async () => {
    const report = await fuzzHttp({
      runs: 300,
      target: appEventTargets(`${base}/ussd`),
      healthy,
      seed: 11,
    });
    expect(report.problems).toEqual([]);
    expect(report.byClass['2xx'] ?? 0).toBe(0);
  });
});
