/**
 * The airtime shop survives the sandbox gateway's faults (docs/faults.md): under each one a
 * purchase goes through and is delivered once, or the session ends cleanly and the
 * next dial works.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually, sandboxCall, sandboxPhone } from './support/sandboxApi';
import { type ShopOnSandbox, startShopOnSandbox } from './support/startShopOnSandbox';

interface HistoryEntry {
  type: string;
  msisdn?: string;
  status?: string;
}
interface Report {
  closeReason?: string;
  abortReason?: string;
  faults?: { kind: string }[];
}

let env: ShopOnSandbox;
const MENU = 'Airtime Shop\n1. Buy airtime\n2. Buy data\n3. Help\n4. Language';
const report = (sessionId: string) =>
  sandboxCall<Report>(env.sandbox.url, 'GET', `/sandbox/sessions/${sessionId}`);
const inject = (faults: Record<string, unknown>) =>
  sandboxCall(env.sandbox.url, 'PUT', `/sandbox/apps/${env.appId}/faults`, faults);

beforeAll(async () => {
  env = await startShopOnSandbox();
});
afterAll(async () => {
  await env.close();
});
afterEach(async () => {
  await sandboxCall(env.sandbox.url, 'DELETE', `/sandbox/apps/${env.appId}/faults`);
});

describe('the airtime shop under the gateway faults', () => {
  it.each([
    ['duplicate', { duplicate: {} }, '+2348032000001'],
    ['reorder', { reorder: {} }, '+2348032000002'],
    ['corruptContextData', { corruptContextData: {} }, '+2348032000003'],
    ['delay', { delay: { ms: 10 } }, '+2348032000004'],
  ])('buys airtime once under %s', async (kind, faults, msisdn) => {
    await inject(faults);
    const phone = sandboxPhone(env.sandbox.url, msisdn);
    expect((await phone.dial(env.dial)).screen).toBe(MENU);
    const receipt = await phone.sendAll('1', '750', '1', '2', '1', '1234');
    expect(receipt.screen).toMatch(/^Paid NGN 750\. NGN 750 airtime sent to \+2348032\d+\./);
    expect((await report(phone.sessionId)).faults?.every((f) => f.kind === kind)).toBe(true);

    const history = () => sandboxCall<HistoryEntry[]>(env.sandbox.url, 'GET', '/sandbox/history');
    const acquires = await eventually(async () => {
      const found = (await history()).filter((e) => e.type === 'acquire' && e.msisdn === msisdn);
      return found.length > 0 ? found : undefined;
    });
    // The shop delivers when the payment succeeds: one delivery, so one payment.
    expect(acquires).toEqual([expect.objectContaining({ status: 'SUCCESS' })]);
  });

  it('ends cleanly when the gateway drops its answer or cuts the session, then takes the next dial', async () => {
    const phone = sandboxPhone(env.sandbox.url, '+2348032000005');
    await inject({ dropAnswer: {} });
    await phone.dial(env.dial);
    expect((await report(phone.sessionId)).abortReason).toBe('InternalError');

    await inject({ cut: {} });
    expect((await phone.dial(env.dial)).screen).toBe('Session timed out.');
    expect((await report(phone.sessionId)).closeReason).toBe('Timeout');

    await sandboxCall(env.sandbox.url, 'DELETE', `/sandbox/apps/${env.appId}/faults`);
    // The cut left the caller on the menu: the shop keeps such a session for resume, so the next
    // dial offers it back before anything else (docs/resume.md); No starts afresh.
    expect((await phone.dial(env.dial)).screen).toBe('Continue where you left off?\n1. Yes\n2. No');
    expect((await phone.send('2')).screen).toBe(MENU);
  });
});
