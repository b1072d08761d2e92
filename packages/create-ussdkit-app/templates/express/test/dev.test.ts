// `npm run dev` (`ussdkit dev src/dev.ts`) in-process: the sandbox's gateway dials the app over
// HTTP as the real USSD service would, and a reload (what saving a file does) keeps it answering.
import { fileURLToPath } from 'node:url';
import { type RunningDev, runDev } from '@ussdkit/reference-server/dev';
import { afterAll, beforeAll, expect, it } from 'vitest';

let dev: RunningDev;
const log: string[] = [];

beforeAll(async () => {
  const module = fileURLToPath(new URL('../src/dev.ts', import.meta.url));
  dev = await runDev({ module, port: 0, log: (text) => log.push(text) });
});

afterAll(() => dev?.close());

/** One call to the sandbox API (docs/reference-server.md of ussdkit). */
async function sandbox(path: string, body: unknown) {
  const response = await fetch(`${dev.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { sessionId: string; screen: string; open: boolean };
}

/** Dials *384*1# on the sandbox and buys NGN 500 of airtime. */
async function buyAirtime() {
  const first = await sandbox('/sandbox/sessions', { msisdn: '+2348030000009', dial: dev.dial });
  expect(first.screen).toBe('My Shop\n1. Buy airtime\n2. Help');
  await sandbox(`/sandbox/sessions/${first.sessionId}/input`, { text: '1' });
  const last = await sandbox(`/sandbox/sessions/${first.sessionId}/input`, { text: '500' });
  expect(last).toMatchObject({
    open: false,
    screen: 'Thank you! NGN 500 of airtime is on its way.',
  });
}

it('is dialled as *384*1# through the sandbox, and serves the web phone', async () => {
  expect(dev.dial).toBe('*384*1#');
  await buyAirtime();
  const phone = await fetch(`${dev.url}/`);
  expect(phone.headers.get('content-type')).toContain('text/html');
});

it('loads the app again on reload, which answers the next dial', async () => {
  await dev.reload();
  expect(dev.version).toBe(2);
  expect(log.join('\n')).toContain('reloaded');
  await buyAirtime();
});
