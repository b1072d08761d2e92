/**
 * `ussdkit dev` prints an error with the customer's inputs: one typed on a screen the app marked
 * secret (`Ussdkit-Input: secret`, passed on by the dev server to the sandbox) shows as `••••`.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningDev, runDev } from '../../src/dev/index';

// Six digits: a four-digit PIN turns up by chance in the ids and timestamps the reports carry (a v4 UUID's third group is 4xxx).
const PIN = '739154';
const fixture = fileURLToPath(new URL('./devSecretFixture.ts', import.meta.url));

describe('ussdkit dev: secret inputs in the error log', () => {
  let dev: RunningDev;
  const logs: string[] = [];

  beforeAll(async () => {
    dev = await runDev({ module: fixture, port: 0, log: (text) => logs.push(text) });
  });
  afterAll(() => dev.close());

  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${dev.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { sessionId: string; screen: string; secret?: true };
  };

  it(`writes the PIN typed on a marked screen as •••• (never ${PIN})`, async () => {
    const asked = await post('/sandbox/sessions', { msisdn: '08031234567', dial: dev.dial });
    expect(asked).toMatchObject({ screen: 'PIN?', secret: true });
    await post(`/sandbox/sessions/${asked.sessionId}/input`, { text: PIN });
    const printed = await vi.waitFor(() => {
      const found = logs.find((line) => line.includes('the bank is down'));
      expect(found).toBeDefined();
      return found ?? '';
    });
    expect(printed).toContain(`  customer's inputs: "${dev.dial}", "••••"`);
    expect(logs.join('\n')).not.toContain(PIN);
  });
});
