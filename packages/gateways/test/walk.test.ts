// One app, the same screens, on all seven protocols (native, Africa's Talking, Hubtel, Arkesel,
// Nalo, Beem, Infobip): in-process, and over real HTTP through Express and Hono.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Caller, Phone } from './phones/Phone';
import { protocols } from './protocols';
import type { RunningServer } from './servers';
import { transports } from './transports';
import { walkApp } from './walkApp';

const menu = 'Duka\n1. Send money\n2. Bundles\n3. Change PIN';
/** A page of the bundles, from item `first`; the session's first screen has no back or home. */
const page = (first: number, more: boolean, navigation = true) =>
  [
    'Bundles',
    ...[0, 1, 2, 3]
      .map((index) => first + index)
      .filter((number) => number <= 12)
      .map((number) => `${number}. Bundle ${number}, 30 days`),
    ...(more ? ['98. More'] : []),
    ...(navigation ? ['0. Back', '00. Home'] : []),
  ].join('\n');
const open = (shows: string, secret = false) => ({ shows, continues: true, secret });
const last = (shows: string) => ({ shows, continues: false, secret: false });

describe.each(transports)('%s', (_transport, start) => {
  describe.each(protocols)('$name', (protocol) => {
    const onClose = vi.fn();
    let server: RunningServer;
    beforeAll(async () => {
      server = await start({ [protocol.name]: protocol.serve(walkApp({ onClose })) });
    });
    afterAll(() => server.close());
    let sessions = 0;
    const phone = (caller: Partial<Caller> = {}): Phone =>
      protocol.phone(server.post, { sessionId: `${protocol.name}-${++sessions}`, ...caller });
    const closes = (sessionId: string) =>
      onClose.mock.calls.filter(([info]) => info.sessionId === sessionId).map(([info]) => info);

    it('runs a whole session to its final screen, an input holding * and # whole, then close End', async () => {
      const caller = { sessionId: `${protocol.name}-whole` };
      const customer = protocol.phone(server.post, caller);
      expect(await customer.dial()).toEqual(open(menu));
      expect(await customer.send('1')).toEqual(open('Amount?'));
      expect(await customer.send('500')).toEqual(open('Reference?'));
      expect(await customer.send('*12#A*1')).toEqual(last('Sent 500 with reference *12#A*1.'));
      await vi.waitFor(() => expect(closes(caller.sessionId)).toHaveLength(1));
      expect(closes(caller.sessionId)[0]).toMatchObject({
        reason: { type: 'End' },
        state: { amount: 500, reference: '*12#A*1' },
      });
    });

    it('pages a long menu (98), goes back (0) and home (00), and picks from a later page', async () => {
      const customer = phone();
      await customer.dial();
      expect(await customer.send('2')).toEqual(open(page(1, true)));
      expect(await customer.send('98')).toEqual(open(page(5, true)));
      expect(await customer.send('98')).toEqual(open(page(9, false)));
      expect(await customer.send('0')).toEqual(open(page(5, true)));
      expect(await customer.send('00')).toEqual(open(menu));
      await customer.send('2');
      await customer.send('98');
      expect(await customer.send('7')).toEqual(last('You chose bundle-7.'));
    });

    it('asks again for a key off the menu, and for an amount the app refuses', async () => {
      const customer = phone();
      await customer.dial();
      expect(await customer.send('7')).toEqual(open(`Invalid choice. Try again.\n${menu}`));
      expect(await customer.send('1')).toEqual(open('Amount?'));
      expect(await customer.send('20')).toEqual(open('The minimum is 50\nAmount?'));
      expect(await customer.send('50')).toEqual(open('Reference?'));
    });

    it('marks the screen that asks a secret, and keeps the secret out of the answer', async () => {
      const customer = phone();
      await customer.dial();
      expect(await customer.send('3')).toEqual(open('New PIN?', true));
      expect(await customer.send('4321')).toEqual(last('PIN changed.'));
    });

    it(
      protocol.deepLinks
        ? 'opens the screen of a deep link (*<code>*5#)'
        : 'starts at the menu on a deep link: the provider sends no dialled string',
      async () => {
        const customer = phone();
        const first = await customer.dial(['5']);
        if (!protocol.deepLinks) {
          expect(first).toEqual(open(menu));
          return;
        }
        expect(first).toEqual(open(page(1, true, false)));
        expect(await customer.send('2')).toEqual(last('You chose bundle-2.'));
      },
    );

    it("keeps two customers' interleaved sessions apart", async () => {
      const ada = phone({ msisdn: '233200000001' });
      const bo = phone({ msisdn: '233200000002' });
      expect(await ada.dial()).toEqual(open(menu));
      expect(await bo.dial()).toEqual(open(menu));
      expect(await ada.send('1')).toEqual(open('Amount?'));
      expect(await bo.send('2')).toEqual(open(page(1, true)));
      expect(await ada.send('100')).toEqual(open('Reference?'));
      expect(await bo.send('3')).toEqual(last('You chose bundle-3.'));
      expect(await ada.send('#9')).toEqual(last('Sent 100 with reference #9.'));
    });

    it("answers a session it does not know without calling the app's screens", async () => {
      const stranger = phone();
      const answer = await stranger.send('1');
      if (protocol.name === 'at') {
        // Africa's Talking has no begin signal: an unknown session's text is its dial.
        expect(answer).toEqual(open(menu));
        return;
      }
      expect(answer).toEqual(last('Your session has expired. Please dial again.'));
    });

    it('answers a request it cannot read with a clear 400, and goes on serving', async () => {
      const refused = await server.post(protocol.malformed());
      expect(refused.status).toBe(400);
      expect(await refused.text()).toMatch(/JSON|sessionId/);
      expect(await phone().dial()).toEqual(open(menu));
    });
  });

  // The native protocol's continue carries no number: the service, holding the app's token, is its only caller.
  describe.each(protocols.filter((protocol) => protocol.name !== 'native'))(
    "$name's bounds on what a caller can make the app keep",
    (protocol) => {
      let server: RunningServer;
      beforeAll(async () => {
        server = await start({ [protocol.name]: protocol.serve(walkApp({ onClose: vi.fn() })) });
      });
      afterAll(() => server.close());

      it('refuses a continue from another phone number (403) and an input over 182 characters (413), the session going on', async () => {
        const caller = { sessionId: `${protocol.name}-bounds`, msisdn: '233200000007' };
        const customer = protocol.phone(server.post, caller);
        await customer.dial();
        const other = protocol.phone(server.post, { ...caller, msisdn: '233200000008' });
        await expect(other.send('1')).rejects.toThrow(/answered 403/);
        expect(await customer.send('1')).toEqual(open('Amount?'));
        await expect(customer.send('5'.repeat(183))).rejects.toThrow(/answered 413/);
      });

      it("serves a session whose inputs add up to more than one screen's 182 characters", async () => {
        const customer = protocol.phone(server.post, { sessionId: `${protocol.name}-long` });
        await customer.dial();
        await customer.send('1');
        expect(await customer.send('500')).toEqual(open('Reference?'));
        // 180 characters: with the code and the inputs before it, Africa's Talking's text is over 182.
        const reference = 'R'.repeat(180);
        // The final text is itself over a screen: its first page comes back, not a 413.
        const final = await customer.send(reference);
        expect(final.shows).toMatch(/^Sent 500 with reference\n98\. More$/);
        expect((await customer.send('98')).shows).toMatch(/^R+/);
      });
    },
  );

  describe.each(protocols.filter((protocol) => protocol.timeoutReason !== undefined))(
    "$name's out-of-band end",
    (protocol) => {
      const onClose = vi.fn();
      let server: RunningServer;
      beforeAll(async () => {
        server = await start({ [protocol.name]: protocol.serve(walkApp({ onClose })) });
      });
      afterAll(() => server.close());

      it("reaches the app's onClose with its reason mid-session; a second end is a no-op", async () => {
        const caller = { sessionId: `${protocol.name}-timeout` };
        const customer = protocol.phone(server.post, caller);
        await customer.dial();
        await customer.send('1');
        const ended = await customer.timeout?.();
        expect(ended?.ok).toBe(true);
        await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
        expect(onClose.mock.calls[0]?.[0]).toMatchObject({
          sessionId: caller.sessionId,
          reason: { type: protocol.timeoutReason },
        });
        if (protocol.name === 'native') return; // The gateway's harness closes a session once.
        expect((await customer.timeout?.())?.ok).toBe(true);
        expect(onClose).toHaveBeenCalledTimes(1);
        if (protocol.name === 'at') return; // A later text would begin a session of its own.
        expect(await customer.send('500')).toEqual(
          last('Your session has expired. Please dial again.'),
        );
      });
    },
  );
});
