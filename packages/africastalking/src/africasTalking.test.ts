import { describe, expect, it, vi } from 'vitest';
import { atPhone } from '../test/atPhone';
import { fixtureApp } from '../test/fixtureApp';
import { spiedApp } from '../test/spiedApp';
import { africasTalking } from './africasTalking';

const menu = 'CON Duka\n1. Send money\n2. Bundles';

/** A handler over the fixture app, with the events the app received and its onClose calls. */
function setup() {
  const onClose = vi.fn();
  const { app, seen } = spiedApp(fixtureApp({ onClose }));
  return { handler: africasTalking(app), seen, onClose };
}

describe('africasTalking: sessions', () => {
  it('runs a whole session: menu, amount, reference, END, then close End to the app', async () => {
    const { handler, seen, onClose } = setup();
    const phone = atPhone(handler, { sessionId: 'ATUid_whole', phoneNumber: '+254711000042' });
    expect(await phone.dial()).toBe(menu);
    expect(await phone.send('1')).toBe('CON Amount (KES)?');
    expect(await phone.send('500')).toBe('CON Reference?');
    expect(await phone.send('INV-7')).toBe('END Sent KES 500 with reference INV-7.');
    // The close hook runs once the final screen is on its way, as the gateway closes after it.
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(seen.map((e) => e.event)).toEqual(['new', 'continue', 'continue', 'continue', 'close']);
    expect(seen.map((e) => e.value)).toEqual([undefined, '1', '500', 'INV-7', undefined]);
    expect(onClose.mock.calls[0]?.[0]).toMatchObject({
      sessionId: 'ATUid_whole',
      reason: { type: 'End' },
      state: { amount: 500, reference: 'INV-7' },
    });
  });

  it.each([['*123#'], ['1*2'], ['12*'], ['*'], ['**5**']])(
    'hands the input %s to the app whole, never split on *',
    async (reference) => {
      const { handler, seen } = setup();
      const phone = atPhone(handler, { sessionId: `ATUid_star_${reference}` });
      await phone.dial();
      await phone.send('1');
      await phone.send('500');
      expect(await phone.send(reference)).toBe(`END Sent KES 500 with reference ${reference}.`);
      expect(phone.text).toBe(`1*500*${reference}`);
      expect(seen.filter((e) => e.event === 'continue').at(-1)?.value).toBe(reference);
    },
  );

  it('keeps the app validation retries: the message above the screen, then a valid amount', async () => {
    const { handler } = setup();
    const phone = atPhone(handler, { sessionId: 'ATUid_retry' });
    await phone.dial();
    await phone.send('1');
    expect(await phone.send('20')).toBe('CON The minimum is KES 50\nAmount (KES)?');
    expect(await phone.send('abc')).toBe('CON Please enter a number.\nAmount (KES)?');
    expect(await phone.send('1*2')).toBe('CON Please enter a number.\nAmount (KES)?');
    expect(await phone.send('750')).toBe('CON Reference?');
    expect(await phone.send('x')).toBe('END Sent KES 750 with reference x.');
  });

  it('re-asks a key that is not on the menu without calling the app, then goes on', async () => {
    const { handler, seen } = setup();
    const phone = atPhone(handler, { sessionId: 'ATUid_invalid' });
    await phone.dial();
    const before = seen.length;
    expect(await phone.send('7')).toBe(`CON Invalid choice. Try again.\n${menu.slice(4)}`);
    expect(await phone.send('1*')).toBe(`CON Invalid choice. Try again.\n${menu.slice(4)}`);
    // Spaces around a key are not forgiven, as the native gateway does not (spec: "The customer
    // must enter text equal to one accessKey"): re-asked, the app not called.
    expect(await phone.send(' 1 ')).toBe(`CON Invalid choice. Try again.\n${menu.slice(4)}`);
    expect(seen.length).toBe(before);
    expect(await phone.send('1')).toBe('CON Amount (KES)?');
    expect(seen.at(-1)).toEqual({ event: 'continue', value: '1' });
  });

  it('goes back (0) and home (00), from menus and from an input screen', async () => {
    const { handler } = setup();
    const phone = atPhone(handler, { sessionId: 'ATUid_nav' });
    await phone.dial();
    await phone.send('1');
    expect(await phone.send('0')).toBe(menu);
    await phone.send('2');
    await phone.send('98');
    expect(await phone.send('0')).toMatch(/^CON Bundles\n1\. Data bundle number 1,/);
    expect(await phone.send('00')).toBe(menu);
  });

  it('pages a long menu with 98 and picks an item of a later page', async () => {
    const { handler } = setup();
    const phone = atPhone(handler, { sessionId: 'ATUid_pages' });
    await phone.dial();
    const first = await phone.send('2');
    expect(first.split('\n')).toEqual([
      'CON Bundles',
      '1. Data bundle number 1, valid thirty days',
      '2. Data bundle number 2, valid thirty days',
      '3. Data bundle number 3, valid thirty days',
      '98. More',
      '0. Back',
      '00. Home',
    ]);
    await phone.send('98');
    const third = await phone.send('98');
    expect(third).toContain('7. Data bundle number 7, valid thirty days');
    expect(await phone.send('8')).toBe('END You chose bundle-8.');
  });

  it('opens the screen of a dial entry from the segments dialled after the code', async () => {
    const { handler } = setup();
    const phone = atPhone(handler, { sessionId: 'ATUid_dial' });
    // *384*1234*5#: Africa's Talking sends serviceCode *384*1234# and text 5.
    expect(await phone.dial(['5'])).toMatch(/^CON Bundles\n1\. /);
    // The next text is 5*2: the input is what it adds to 5.
    expect(await phone.send('2')).toBe('END You chose bundle-2.');
  });

  it('keeps two customers’ interleaved sessions apart', async () => {
    const { handler } = setup();
    const ada = atPhone(handler, { sessionId: 'ATUid_ada', phoneNumber: '+254711000001' });
    const bo = atPhone(handler, { sessionId: 'ATUid_bo', phoneNumber: '+254722000002' });
    expect(await ada.dial()).toBe(menu);
    expect(await bo.dial()).toBe(menu);
    expect(await ada.send('1')).toBe('CON Amount (KES)?');
    expect(await bo.send('2')).toMatch(/^CON Bundles/);
    expect(await ada.send('100')).toBe('CON Reference?');
    expect(await bo.send('3')).toBe('END You chose bundle-3.');
    expect(await ada.send('A*1')).toBe('END Sent KES 100 with reference A*1.');
  });

  it('answers a repeated request again without calling the app', async () => {
    const { handler, seen } = setup();
    const phone = atPhone(handler, { sessionId: 'ATUid_repeat' });
    await phone.dial();
    expect(await phone.repeat()).toBe(menu);
    await phone.send('1');
    const count = seen.length;
    expect(await phone.repeat()).toBe('CON Amount (KES)?');
    expect(seen.length).toBe(count);
    await phone.send('60');
    await phone.send('r');
    expect(await phone.repeat()).toBe('END Sent KES 60 with reference r.');
    await vi.waitFor(() => expect(seen.filter((e) => e.event === 'close')).toHaveLength(1));
    expect(await phone.repeat()).toBe('END Sent KES 60 with reference r.');
    expect(seen.filter((e) => e.event === 'close')).toHaveLength(1);
  });

  it('ends with the unavailable text and aborts when text does not extend the previous one', async () => {
    const onAbort = vi.fn();
    const onError = vi.fn();
    const handler = africasTalking(fixtureApp({ onAbort, onError }));
    const phone = atPhone(handler, { sessionId: 'ATUid_lost' });
    await phone.dial();
    await phone.send('1');
    const other = atPhone(handler, { sessionId: 'ATUid_lost' });
    expect(await other.dial(['9', '9'])).toBe('END Service unavailable, please try again');
    await vi.waitFor(() => expect(onAbort).toHaveBeenCalledTimes(1));
    expect(onAbort.mock.calls[0]?.[0]).toMatchObject({ reason: { type: 'InternalError' } });
    expect(onError.mock.calls[0]?.[1]).toEqual({ sessionId: 'ATUid_lost', event: 'continue' });
    expect(String(onError.mock.calls[0]?.[0])).toContain('does not extend');
  });
});
