// `npm run dev` over HTTP: the sandbox's gateway dials the app, as the real USSD service would.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningDev, startDev } from '../src/startDev.js';

let dev: RunningDev;

beforeAll(async () => {
  dev = await startDev({ appPort: 0, sandboxPort: 0, quiet: true });
});

afterAll(() => dev.close());

/** One call to the sandbox API (docs/reference-server.md of ussdkit). */
async function sandbox(path: string, body: unknown) {
  const response = await fetch(`${dev.sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { sessionId: string; screen: string; open: boolean };
}

it('is dialled as *384*1# through the sandbox', async () => {
  const first = await sandbox('/sandbox/sessions', { msisdn: '+2348030000009', dial: '*384*1#' });
  expect(first.screen).toBe('My Shop\n1. Buy airtime\n2. Help');
  await sandbox(`/sandbox/sessions/${first.sessionId}/input`, { text: '1' });
  const last = await sandbox(`/sandbox/sessions/${first.sessionId}/input`, { text: '500' });
  expect(last).toMatchObject({
    open: false,
    screen: 'Thank you! NGN 500 of airtime is on its way.',
  });
});

it('answers /health and serves the web phone', async () => {
  expect((await fetch(`${dev.appUrl}/health`)).status).toBe(200);
  const phone = await fetch(dev.webPhoneUrl);
  expect(phone.headers.get('content-type')).toContain('text/html');
});
