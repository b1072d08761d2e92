import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCall, sandboxPhone } from './support/sandboxApi';
import { type Apps, startApps } from './support/startApps';

interface HistoryEntry {
  type: string;
  sku?: string;
  amount?: number;
  status?: string;
  beneficiaryId?: string;
  appId?: string;
  sessionId?: string;
  msisdn?: string;
}
interface SessionReport {
  appId: string;
  open: boolean;
  closeReason?: string;
  chargedClientId: string;
  transcript: { from: string; text: string }[];
}

let apps: Apps;
const history = () => sandboxCall<HistoryEntry[]>(apps.sandbox.url, 'GET', '/sandbox/history');

beforeAll(async () => {
  apps = await startApps();
});
afterAll(async () => {
  await apps?.close();
});

describe('bill pay through the sandbox', () => {
  it('checks the smart card, looks the bill up, and pays it through the shared flow', async () => {
    const phone = sandboxPhone(apps.sandbox.url, '+2348032000001');
    expect((await phone.dial(apps.dial)).screen).toBe('Bill Pay\n1. Cable TV\n2. Buy airtime');
    expect((await phone.send('1')).screen).toBe('Smart card number (10 digits)');
    expect((await phone.send('12345')).screen).toBe(
      'A smart card number has 10 digits\nSmart card number (10 digits)',
    );
    expect((await phone.send('0000000000')).screen).toBe(
      'Smart card not found\nSmart card number (10 digits)',
    );
    expect((await phone.send('1234567890')).screen).toBe(
      'Card 1234567890: choose a package\n1. DStv Compact: NGN 10500\n' +
        '2. DStv Premium: NGN 29500\n3. DStv renewal: your bill\n0. Back\n00. Home',
    );
    // BASED_ON_BENEFICIARY_ID: the amount and the customer's name come from the amount endpoint.
    // The shared confirmAndPay flow, entered with the bill as params.
    expect((await phone.send('3')).screen).toBe(
      'Pay NGN 12500 to Ada Obi for DStv renewal?\n1. Confirm\n2. Cancel\n0. Back\n00. Home',
    );
    expect((await phone.send('1')).screen).toBe('Enter your 4-digit PIN');
    expect((await phone.send('0000')).screen).toBe('Wrong PIN, 2 left. Enter your 4-digit PIN');
    const paid = await phone.send('1234');
    expect(paid.open).toBe(false);
    expect(paid.screen).toMatch(/^Paid NGN 12500 for DStv renewal, card 1234567890\. Ref REF-\S+$/);

    const acquires = (await history()).filter(
      (entry) => entry.type === 'acquire' && entry.msisdn === '+2348032000001',
    );
    expect(acquires).toEqual([
      expect.objectContaining({
        sku: 'dstv-renew',
        beneficiaryId: '1234567890',
        amount: 12500,
        status: 'SUCCESS',
      }),
    ]);
  });

  it('pays a fixed-price package, and keeps the session in Redis across an app restart', async () => {
    const phone = sandboxPhone(apps.sandbox.url, '+2348032000002');
    await phone.dial(apps.dial);
    await phone.sendAll('1', '1234567890');
    expect((await phone.send('1')).screen).toBe(
      'Pay NGN 10500 to card 1234567890 for DStv Compact?\n1. Confirm\n2. Cancel\n0. Back\n00. Home',
    );
    expect((await phone.send('1')).screen).toBe('Enter your 4-digit PIN');
    // Another instance of the app (same Redis) takes the rest of the session, inside the flow:
    // the flow's state and its caller's frame were stored with the session.
    await apps.restartBillPay();
    expect((await phone.send('1234')).screen).toMatch(/^Paid NGN 10500 for DStv Compact/);
  });

  it('goes back from the pay flow to the packages, and cancels without paying', async () => {
    const phone = sandboxPhone(apps.sandbox.url, '+2348032000005');
    await phone.dial(apps.dial);
    await phone.sendAll('1', '1234567890', '2');
    expect((await phone.send('0')).screen).toBe(
      'Card 1234567890: choose a package\n1. DStv Compact: NGN 10500\n' +
        '2. DStv Premium: NGN 29500\n3. DStv renewal: your bill\n0. Back\n00. Home',
    );
    expect((await phone.send('2')).screen).toBe(
      'Pay NGN 29500 to card 1234567890 for DStv Premium?\n1. Confirm\n2. Cancel\n0. Back\n00. Home',
    );
    const cancelled = await phone.send('2');
    expect(cancelled.open).toBe(false);
    expect(cancelled.screen).toBe('Payment cancelled. Nothing was charged.');
    const mine = (await history()).filter((entry) => entry.msisdn === '+2348032000005');
    expect(mine.filter((entry) => entry.type === 'acquire')).toEqual([]);
  });

  it('redirects to the airtime shop and comes back with its result', async () => {
    const phone = sandboxPhone(apps.sandbox.url, '+2348032000003');
    await phone.dial(apps.dial);
    // The airtime shop's screens, in Bill Pay's session.
    expect((await phone.send('2')).screen).toBe('Airtime amount in NGN (50 to 20000)');
    expect((await phone.send('300')).screen).toBe(
      'NGN 300 airtime for +2348032000003: NGN 300\n1. Pay from my bank account\n0. Back\n00. Home',
    );
    const back = await phone.sendAll('1', '2', '1', '1234');
    expect(back.open).toBe(false);
    expect(back.screen).toMatch(/^Back in Bill Pay: NGN 300 airtime bought, ref REF-\S+\.$/);

    const report = await sandboxCall<SessionReport>(
      apps.sandbox.url,
      'GET',
      `/sandbox/sessions/${phone.sessionId}`,
    );
    expect(report).toMatchObject({ appId: 'bill-pay', open: false, closeReason: 'End' });
    const events = report.transcript.filter((line) => line.from === 'gateway').map((l) => l.text);
    expect(events.some((text) => text.startsWith('new airtime-shop'))).toBe(true);
    expect(events.some((text) => text.startsWith('continue bill-pay'))).toBe(true);
    // The shop's merchant payment callback was delivered to the shop.
    const callbacks = await sandboxCall<{ status?: number; body: { result?: string } }[]>(
      apps.sandbox.url,
      'GET',
      '/sandbox/callbacks',
    );
    expect(callbacks.at(-1)).toMatchObject({ status: 200, body: { result: 'Success' } });
    const mine = (await history()).filter((entry) => entry.msisdn === '+2348032000003');
    expect(mine.filter((entry) => entry.type === 'acquire')).toEqual([
      expect.objectContaining({ sku: 'airtime', amount: 300, status: 'SUCCESS' }),
    ]);
  });

  it('comes back from the airtime shop when the payment fails', async () => {
    const phone = sandboxPhone(apps.sandbox.url, '+2348032000004');
    await phone.dial(apps.dial);
    const back = await phone.sendAll('2', '300', '1', '2', '1', '6666');
    expect(back.screen).toBe('Back in Bill Pay: no airtime bought (paymentFailed).');
  });
});
