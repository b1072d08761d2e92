import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCall, sandboxPhone } from './support/sandboxApi';
import { type ShopOnSandbox, startShopOnSandbox } from './support/startShopOnSandbox';

// Resume through the sandbox over loopback: the sandbox's gateway closes a session with
// `Timeout` when its 120 s limit passes (on the sandbox clock, advanced through its API), and
// the next dial from the same phone is offered the session back. A sandbox of its own: moving
// its clock ends every open session.
let env: ShopOnSandbox;
beforeAll(async () => {
  env = await startShopOnSandbox();
});
afterAll(async () => {
  await env.close();
});

const menu = 'Airtime Shop\n1. Buy airtime\n2. Buy data\n3. Help\n4. Language';
const prompt = 'Continue where you left off?\n1. Yes\n2. No';
const confirm = (msisdn: string) =>
  `NGN 750 airtime for ${msisdn}: NGN 750\n1. Pay from my bank account\n0. Back\n00. Home`;

/** Lets the sandbox's session limit pass: every open session closes with `Timeout`. */
const passTheSessionLimit = () =>
  sandboxCall(env.sandbox.url, 'POST', '/sandbox/clock/advance', { seconds: 121 });

describe('airtime shop: resume through the sandbox', () => {
  it('offers a timed-out session to the next dial: Yes brings back the order, No starts over', async () => {
    const msisdn = '+2348036000001';
    const phone = sandboxPhone(env.sandbox.url, msisdn);
    await phone.dial(env.dial);
    expect(await phone.sendAll('1', '750')).toMatchObject({ open: true, screen: confirm(msisdn) });
    await passTheSessionLimit();

    expect(await phone.dial(env.dial)).toMatchObject({ open: true, screen: prompt });
    expect(await phone.send('1')).toMatchObject({ open: true, screen: confirm(msisdn) });
    expect((await phone.send('0')).screen).toBe('Airtime amount in NGN (50 to 20000)');

    // Dropped again, on the amount: this time the customer starts over.
    await passTheSessionLimit();
    expect((await phone.dial(env.dial)).screen).toBe(prompt);
    expect(await phone.send('2')).toMatchObject({ open: true, screen: menu });
  });

  it('offers nothing after a session that ended normally', async () => {
    const phone = sandboxPhone(env.sandbox.url, '+2348036000002');
    await phone.dial(env.dial);
    const receipt = await phone.sendAll('1', '750', '1', '2', '1', '1234');
    expect(receipt.open).toBe(false);
    expect((await phone.dial(env.dial)).screen).toBe(menu);
  });
});
