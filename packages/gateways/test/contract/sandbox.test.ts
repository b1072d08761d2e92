/**
 * Contract tests of the two halves of issue 26: each adapter of @ussdkit/gateways (and
 * @ussdkit/africastalking) serving one real app over real HTTP, called by the real reference
 * server registered with that provider's `protocol`, driven through the sandbox's phone API.
 * Neither half is a hand-written stand-in here: a disagreement between them fails a case.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PIN, SCREENS, TERMS } from './sandboxApp';
import { type SandboxCase, sandboxCases } from './sandboxCases';
import { MSISDN, type PhoneScreen } from './sandboxPhone';
import { codesOf, type SandboxWorld, startSandboxWorld } from './sandboxWorld';

let world: SandboxWorld;

beforeAll(async () => {
  world = await startSandboxWorld();
});

afterAll(async () => {
  await world?.close();
});

const open = (screen: string, secret = false) => ({
  screen,
  open: true,
  ...(secret ? { secret: true } : {}),
});

describe.each(sandboxCases.map((provider) => [provider.title, provider] as const))(
  'the sandbox speaking %s to its adapter',
  (_title, provider: SandboxCase) => {
    const codes = codesOf(provider);
    const app = () => world.appOf(provider);
    const dial = (code: number, segments = '') => world.phone.dial(`*384*${code}${segments}#`);
    /** What the app's `onClose` got for `sessionId`. */
    const closes = (sessionId: string) =>
      app()
        .closed.filter((ended) => ended.sessionId === sessionId)
        .map((ended) => ended.reason);
    const eventsOf = (sessionId: string) =>
      app().events.filter((event) => 'sessionId' in event && event.sessionId === sessionId);
    const gatewayLines = async (sessionId: string) =>
      (await world.phone.report(sessionId)).report.transcript
        .filter((line) => line.from === 'gateway')
        .map((line) => line.text);

    it('walks menu, amount, secret PIN and confirmation to the final screen, which ends the session', async () => {
      const first = await dial(codes.ok);
      const id = first.sessionId;
      expect(first).toMatchObject(open(SCREENS.menu));
      expect(await world.phone.send(id, '1')).toMatchObject(open(SCREENS.amount));
      const asked = await world.phone.send(id, '500');
      expect(asked).toMatchObject(open(SCREENS.pin, true));
      // The app checks the PIN: the confirmation shows only if the real digits reached it.
      const confirm = await world.phone.send(id, PIN);
      expect(confirm).toMatchObject(open(SCREENS.confirm('500')));
      expect(confirm.secret).toBeUndefined();
      const last = await world.phone.send(id, '1');
      expect(last).toEqual<PhoneScreen>({
        sessionId: id,
        screen: SCREENS.sent('500'),
        open: false,
      });

      const { report, raw } = await world.phone.report(id);
      expect(report).toMatchObject({ open: false, closeReason: 'End' });
      expect(report.abortReason).toBeUndefined();
      expect(raw).not.toContain(PIN);
      const typed = report.transcript.filter((line) => line.from === 'phone').map((l) => l.text);
      expect(typed).toEqual([`*384*${codes.ok}#`, '1', '500', '••••', '1']);

      await vi.waitFor(() => expect(closes(id)).toEqual(['End']));
      // The app keeps an ended session for a repeated request, until the provider's own end.
      if (provider.notifiesFinal)
        await vi.waitFor(async () => expect(await app().holds(id)).toBe(false));
      else expect(await app().holds(id)).toBe(true);
      expect(closes(id)).toEqual(['End']);
    });

    it(
      provider.deepLinks
        ? 'opens the screen of a deep link (*384*<code>*5#)'
        : 'opens the menu on a deep link: the provider sends no dialled string, the transcript says so',
      async () => {
        const first = await dial(codes.ok, '*5');
        expect(eventsOf(first.sessionId)[0]).toMatchObject({
          type: 'session.start',
          via: 'Dial',
          screen: provider.deepLinks ? 'amount' : 'menu',
        });
        if (provider.deepLinks) {
          expect(first).toMatchObject(open(SCREENS.amount));
          expect(await world.phone.send(first.sessionId, '20')).toMatchObject(
            open(SCREENS.pin, true),
          );
        } else {
          expect(first).toMatchObject(open(SCREENS.menu));
          expect((await gatewayLines(first.sessionId)).join('\n')).toMatch(/no dialled string/);
        }
        await world.phone.cancel(first.sessionId);
      },
    );

    it("hands the app the subscriber's number with its + and the network, as the docs say", async () => {
      const first = await dial(codes.ok);
      const shown = await world.phone.send(first.sessionId, '2');
      expect(shown).toMatchObject({
        screen: SCREENS.balance(MSISDN, provider.operator),
        open: false,
      });
    });

    const endsOutOfBand = [
      ['the phone hangs up', 'Abandon', provider.onCancel],
      ['the 120 s limit passes', 'Timeout', provider.onTimeout],
    ] as const;
    it.each(endsOutOfBand)(
      'when %s mid-session, the sandbox ends it (%s) and the app hears what the provider sends',
      async (_when, closeReason, reaches) => {
        const first = await dial(codes.ok);
        const id = first.sessionId;
        await world.phone.send(id, '1');
        expect(await app().holds(id)).toBe(true);
        if (closeReason === 'Abandon') await world.phone.cancel(id);
        else await world.phone.advance(121);
        const { report } = await world.phone.report(id);
        expect(report).toMatchObject({ open: false, closeReason });
        if (reaches === 'none') {
          // No end notice exists on this provider: the app's store expires the session itself.
          expect((await gatewayLines(id)).at(-1)).toMatch(/sends no end-of-session request/);
          expect(closes(id)).toEqual([]);
          expect(await app().holds(id)).toBe(true);
          return;
        }
        await vi.waitFor(() => expect(closes(id)).toEqual([reaches]));
        expect(await app().holds(id)).toBe(false);
        const refused = (await gatewayLines(id)).filter((line) => / answered \d{3}/.test(line));
        expect(refused).toEqual([]);
      },
    );

    it(`keeps a long screen within ${provider.title}'s budget (${provider.budget ?? 'none'}), cut once, by the adapter`, async () => {
      const first = await dial(codes.ok);
      const shown = await world.phone.send(first.sessionId, '3');
      expect(shown.open).toBe(false);
      const { budget } = provider;
      if (budget === undefined) expect(shown.screen).toBe(TERMS);
      else expect(shown.screen).toBe(`${TERMS.slice(0, budget - 3)}...`);
      // The sandbox cuts what a provider would not show, and says so: it had nothing to cut.
      expect((await gatewayLines(first.sessionId)).join('\n')).not.toMatch(/screen cut/);
    });

    it('refuses 403 a request whose URL carries another secret, before the app sees it', async () => {
      const first = await dial(codes.wrongSecret);
      expect(first.open).toBe(false);
      const { report } = await world.phone.report(first.sessionId);
      expect(report.abortReason).toBe('UnexpectedUssdAppResponse');
      expect(report.abortMessage).toMatch(/ answered 403/);
      expect(eventsOf(first.sessionId)).toEqual([]);
    });

    it(
      provider.checksAccount
        ? "refuses 403 another account's request (the userId check), even with the right secret"
        : 'serves another account with the right secret: the provider names no account',
      async () => {
        const first = await dial(codes.otherAccount);
        if (!provider.checksAccount) {
          expect(first).toMatchObject(open(SCREENS.menu));
          await world.phone.cancel(first.sessionId);
          return;
        }
        expect(first.open).toBe(false);
        const { report } = await world.phone.report(first.sessionId);
        expect(report.abortReason).toBe('UnexpectedUssdAppResponse');
        expect(report.abortMessage).toMatch(/ answered 403.*WRONG_USER_ID/);
        expect(eventsOf(first.sessionId)).toEqual([]);
      },
    );
  },
);

describe.each(
  sandboxCases
    .filter((provider) => provider.numbersSteps)
    .map((provider) => [provider.title, provider] as const),
)("the sandbox's faults on %s, whose requests say their step", (_title, provider) => {
  const { ok } = codesOf(provider);
  afterAll(() => world.phone.faults(provider.protocol, {}));

  it.each(['duplicate', 'reorder'])(
    'walks to the PIN with every request %s: a resent or late one is answered again, the app acting once',
    async (fault) => {
      await world.phone.faults(provider.protocol, { seed: 7, [fault]: { probability: 1 } });
      const first = await world.phone.dial(`*384*${ok}#`);
      expect(first).toMatchObject(open(SCREENS.menu));
      expect(await world.phone.send(first.sessionId, '1')).toMatchObject(open(SCREENS.amount));
      expect(await world.phone.send(first.sessionId, '500')).toMatchObject(open(SCREENS.pin, true));
      const { report } = await world.phone.report(first.sessionId);
      expect(report.abortReason).toBeUndefined();
      expect(JSON.stringify(report)).toContain(fault);
    },
  );
});
