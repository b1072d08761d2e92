import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appEventTargets } from '../../../protocol/test/fuzz/appEventTargets';
import { fuzzHttp } from '../../../protocol/test/fuzz/fuzzHttp';
import { smallApp } from '../../../router/test/support/adapterApp';
import { ussdHono } from '../../src/index';
import { type ServedHono, serveHono } from '../serveHono';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
let served: ServedHono;
let base: string;

beforeAll(async () => {
  const web = new Hono();
  web.get('/health', (c) => c.json({ status: 'ok' }));
  web.route('/ussd', ussdHono(smallApp({ authToken: 'fuzz-token' })));
  served = await serveHono(web);
  base = served.base;
});

afterAll(() => served.close());

const healthy = async () => (await fetch(`${base}/health`)).status === 200;

describe(`@ussdkit/hono under ${RUNS} hostile bodies`, () => {
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
