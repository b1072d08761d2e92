// The Worker's fetch, called as workerd calls it. No session is dialled here (that needs a real
// Durable Object: `npm start` runs the Worker on workerd); test/app.test.ts tests the flow.
import { beforeEach, expect, it, vi } from 'vitest';
import type { Env } from '../src/worker.js';

// A namespace that is never reached: /health and a missing token answer before any session.
const USSD_SESSIONS: Env['USSD_SESSIONS'] = {
  idFromName: () => {
    throw new Error('no Durable Object in this test');
  },
  get: () => {
    throw new Error('no Durable Object in this test');
  },
};

/** The Worker, loaded afresh: it keeps its server once made, as an isolate does. */
async function worker() {
  return (await import('../src/worker.js')).default;
}

beforeEach(() => {
  vi.resetModules();
});

it('answers /health', async () => {
  const response = await (await worker()).fetch(new Request('https://worker.test/health'), {
    USSD_SESSIONS,
    USSD_APP_TOKEN: 'test-token',
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

it('refuses to serve without USSD_APP_TOKEN', async () => {
  const response = await (await worker()).fetch(
    new Request('https://worker.test/ussd/ussdSessionEvent/new', { method: 'POST' }),
    { USSD_SESSIONS },
  );
  expect(response.status).toBe(500);
  expect(await response.json()).toMatchObject({ code: 'MISCONFIGURED' });
});
