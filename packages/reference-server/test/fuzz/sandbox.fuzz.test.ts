import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzHttp } from '../../../protocol/test/fuzz/fuzzHttp';
import { DEMO, type RunningSandbox, startSandbox } from '../../src/index';
import { closedPortUrl } from '../fault/faultApp';
import { type FuzzFixtures, sandboxTargets } from './sandboxTargets';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
let sandbox: RunningSandbox;
let fixtures: FuzzFixtures;
const errors: unknown[] = [];

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: path.startsWith('/sandbox/apps/') ? 'PATCH' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  const closedUrl = await closedPortUrl();
  // The demo app points at a closed port, so sessions and pushes the fuzzer starts end at once.
  await post('/sandbox/apps/demo-app', { url: closedUrl });
  const developer = await post('/sandbox/developers', { clientId: 'fuzz-dev' });
  const app = await post('/sandbox/apps', {
    clientId: developer.clientId,
    url: closedUrl,
    appId: 'fuzz-app',
  });
  const session = await post('/sandbox/sessions', { msisdn: '08031234567', dial: '*384*1#' });
  fixtures = {
    sessionId: String(session.sessionId),
    developerId: String(developer.clientId),
    appId: String(app.appId),
    closedUrl,
  };
});

afterAll(async () => {
  await sandbox?.close();
});

const healthy = async () => (await fetch(`${sandbox.url}/health`)).status === 200;

describe(`the reference server under ${RUNS} hostile requests to every endpoint`, () => {
  it('answers each with a non-5xx, every error as JSON {code, message}, and keeps serving', {
    timeout: 180_000,
  }, async () => {
    const report = await fuzzHttp({
      runs: RUNS,
      target: sandboxTargets(sandbox.url, fixtures),
      healthy,
    });
    expect(report.problems).toEqual([]);
    expect(report.sent).toBe(RUNS);
    expect(report.byClass['4xx'] ?? 0).toBeGreaterThan(RUNS / 2);
    expect(errors).toEqual([]);
    // The demo credentials still work: nothing the fuzzer sent broke the developer.
    const info = await fetch(`${sandbox.url}/client/info`, {
      headers: { 'x-client-id': DEMO.clientId, 'x-client-secret': DEMO.clientSecret },
    });
    expect(info.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
