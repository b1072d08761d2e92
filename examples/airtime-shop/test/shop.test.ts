import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, sandboxCall, sandboxPhone } from './support/sandboxApi';
import { type ShopOnSandbox, startShopOnSandbox } from './support/startShopOnSandbox';

interface CallbackAttempt {
  operationId: string;
  url: string;
  status?: number;
  body: { operationId: string; result?: string };
}
interface HistoryEntry {
  type: string;
  sku?: string;
  amount?: number;
  status?: string;
  msisdn?: string;
  beneficiaryId?: string;
  sessionId?: string;
}

let env: ShopOnSandbox;
const history = () => sandboxCall<HistoryEntry[]>(env.sandbox.url, 'GET', '/sandbox/history');
const callbacks = () =>
  sandboxCall<CallbackAttempt[]>(env.sandbox.url, 'GET', '/sandbox/callbacks');

beforeAll(async () => {
  env = await startShopOnSandbox();
});
afterAll(async () => {
  await env.close();
});

describe('airtime shop through the sandbox', () => {
  it('validates the airtime amount, takes a bank payment and delivers with buy()', async () => {
    const phone = sandboxPhone(env.sandbox.url, '+2348031000001');
    const menu = await phone.dial(env.dial);
    expect(menu.screen).toBe('Airtime Shop\n1. Buy airtime\n2. Buy data\n3. Help\n4. Language');

    expect((await phone.send('1')).screen).toBe('Airtime amount in NGN (50 to 20000)');
    expect((await phone.send('lots')).screen).toBe(
      'Enter a number, like 500\nAirtime amount in NGN (50 to 20000)',
    );
    expect((await phone.send('20')).screen).toBe(
      'The minimum is NGN 50\nAirtime amount in NGN (50 to 20000)',
    );
    expect((await phone.send('750')).screen).toBe(
      'NGN 750 airtime for +2348031000001: NGN 750\n1. Pay from my bank account\n0. Back\n00. Home',
    );
    expect((await phone.send('1')).screen).toBe(
      'Pay NGN 750 to SHOP-01\nChoose your bank:\n1. Access Bank\n2. GTBank\n3. Zenith Bank',
    );
    const receipt = await phone.sendAll('2', '1', '1234');
    expect(receipt.open).toBe(false);
    expect(receipt.screen).toMatch(
      /^Paid NGN 750\. NGN 750 airtime sent to \+2348031000001\. Ref REF-\S+$/,
    );

    const acquires = (await history()).filter(
      (entry) => entry.type === 'acquire' && entry.msisdn === '+2348031000001',
    );
    expect(acquires).toEqual([
      expect.objectContaining({ sku: 'airtime', amount: 750, status: 'SUCCESS' }),
    ]);
    // The merchant payment callback reached the shop's POST /callbacks and was acknowledged.
    const delivered = (await callbacks()).filter((attempt) => attempt.body.result === 'Success');
    expect(delivered.at(-1)).toMatchObject({ url: `${env.shop.url}/callbacks`, status: 200 });
  });

  it('pages through the data bundles, goes back and home, and reports a failed payment', async () => {
    const phone = sandboxPhone(env.sandbox.url, '+2348031000002');
    await phone.dial(env.dial);
    const firstPage = await phone.send('2');
    expect(firstPage.screen).toBe(
      'Data bundles\n1. 500 MB data: NGN 300\n2. 1 GB data: NGN 500\n3. 2 GB data: NGN 900\n' +
        '4. 5 GB data: NGN 2000\n5. 10 GB data: NGN 3500\n6. 20 GB data: NGN 6000\n' +
        '98. More\n0. Back\n00. Home',
    );
    expect((await phone.send('98')).screen).toBe(
      'Data bundles\n7. Weekly data bundle: NGN 250\n8. Monthly data bundle: NGN 1200\n0. Back\n00. Home',
    );
    expect((await phone.send('8')).screen).toBe(
      'Monthly data bundle for +2348031000002: NGN 1200\n1. Pay from my bank account\n0. Back\n00. Home',
    );
    // Back returns to the list (shown from its first page again); home to the main menu.
    expect((await phone.send('0')).screen).toBe(firstPage.screen);
    expect((await phone.send('00')).screen).toBe(
      'Airtime Shop\n1. Buy airtime\n2. Buy data\n3. Help\n4. Language',
    );
    await phone.sendAll('2', '2', '1', '1', '1'); // 1 GB, pay, Access Bank, first account
    const failed = await phone.send('5555'); // the sandbox's "switch unavailable" PIN
    expect(failed).toMatchObject({
      open: false,
      screen: 'Payment failed: the bank cannot be reached, try again later.',
    });
    const wrongPin = sandboxPhone(env.sandbox.url, '+2348031000003');
    await wrongPin.dial(env.dial);
    const denied = await wrongPin.sendAll('2', '1', '1', '1', '1', '9999');
    expect(denied.screen).toBe('Payment failed: wrong PIN.');
    const acquires = (await history()).filter(
      (entry) => entry.type === 'acquire' && entry.beneficiaryId === '+2348031000002',
    );
    expect(acquires).toEqual([]);
  });

  it('settles an unknown payment by callback, delivers, and pushes a receipt session once', async () => {
    const msisdn = '+2348031000004';
    const phone = sandboxPhone(env.sandbox.url, msisdn);
    await phone.dial(env.dial);
    const pending = await phone.sendAll('2', '2', '1', '2', '1', '7777'); // 1 GB, GTBank, Unknown
    expect(pending).toMatchObject({
      open: false,
      screen:
        'Your bank has not confirmed the payment yet. We will send your receipt when it does.',
    });
    const unknown = (await callbacks()).find((attempt) => attempt.body.result === 'Unknown');
    expect(unknown).toMatchObject({ status: 200 });
    const operationId = unknown?.operationId ?? '';

    // The bank settles 30 s later (sandbox time): Success callback, buy(), push.
    await sandboxCall(env.sandbox.url, 'POST', '/sandbox/clock/advance', { seconds: 30 });
    const push = await eventually(async () => (await phone.pendingPush()).pendingPush);
    expect(push.screen).toMatch(
      /^Receipt: 1 GB data, NGN 500\. Delivered, ref REF-\S+\. Thank you!\n1\. OK$/,
    );
    expect(await phone.send('1', push.sessionId)).toMatchObject({
      open: false,
      screen: 'Thank you for shopping with Airtime Shop.',
    });

    // A redelivered callback is acknowledged as a duplicate and changes nothing.
    const success = (await callbacks()).find(
      (attempt) => attempt.operationId === operationId && attempt.body.result === 'Success',
    );
    expect(success).toMatchObject({ status: 200 });
    const again = await fetch(`${env.shop.url}/callbacks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(success?.body),
    });
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    const mine = (await history()).filter((entry) => entry.msisdn === msisdn);
    expect(mine.filter((entry) => entry.type === 'push')).toHaveLength(1);
    expect(mine.filter((entry) => entry.type === 'acquire')).toEqual([
      expect.objectContaining({ sku: 'data-1gb', amount: 500, status: 'SUCCESS' }),
    ]);
  });

  it('speaks Pidgin once chosen, starts the next dial in it, and pages the long help', async () => {
    const msisdn = '+2348031000005';
    const phone = sandboxPhone(env.sandbox.url, msisdn);
    await phone.dial(env.dial);
    expect((await phone.send('4')).screen).toBe(
      'Choose your language\n1. English\n2. Pidgin\n0. Back\n00. Home',
    );
    expect((await phone.send('2')).screen).toBe(
      'Airtime Shop\n1. Buy credit\n2. Buy data\n3. How e dey work\n4. Change language\n0. Back\n00. Home',
    );
    expect((await phone.send('1')).screen).toBe('How much airtime you wan buy? NGN 50 to 20000');
    expect((await phone.send('20')).screen).toBe(
      'The smallest na NGN 50\nHow much airtime you wan buy? NGN 50 to 20000',
    );

    // The next dial of that number starts in Pidgin; the help is paged (the gateway takes only
    // the page's keys), and its last page ends the session.
    expect((await phone.dial(env.dial)).screen).toMatch(/^Airtime Shop\n1\. Buy credit\n/);
    const first = await phone.send('3');
    expect(first.screen).toMatch(
      /^Airtime Shop dey sell airtime and data for \+2348031000005, .*\n98\. More$/s,
    );
    expect((await phone.send('7')).screen).toBe(`Invalid choice. Try again.\n${first.screen}`);
    expect((await phone.send('98')).screen).toMatch(/\n98\. More\n0\. Back$/);
    expect((await phone.send('0')).screen).toBe(first.screen);
    let page = await phone.send('98');
    for (let turns = 0; page.open && turns < 10; turns++) page = await phone.send('98');
    expect(page.open).toBe(false);
    expect(page.screen).toMatch(/Monday to Saturday\.$/);
  });

  it('answers a malformed callback with a JSON 400', async () => {
    const response = await fetch(`${env.shop.url}/callbacks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'INVALID_CALLBACK' });
  });

  it('refuses a gateway without the app token', async () => {
    const response = await fetch(`${env.shop.url}/ussd/ussdSessionEvent/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'wrong' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
