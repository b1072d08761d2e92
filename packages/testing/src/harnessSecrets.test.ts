/**
 * A PIN typed through the harness never shows in clear: not in the transcript, not in a failure
 * message, not in the printed session. The app itself gets the PIN as typed.
 */
import { inspect } from 'node:util';
import { createApp, defineFlow } from '@ussdkit/router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHarness } from './createHarness';
import type { HarnessSession } from './HarnessSession';
import type { UssdHandler } from './UssdHandler';

const PIN = '4821';

/** A router app with a PIN screen of static text and one of computed text. */
function bank() {
  return createApp({
    state: z.object({ amount: z.number().optional(), paid: z.boolean().optional() }),
    start: 'amount',
    screens: ({ input, info }) => ({
      amount: input({
        text: 'Amount?',
        validate: z.coerce.number().int().positive(),
        targets: ['pin'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('pin');
        },
      }),
      pin: input({
        text: 'Enter your PIN:',
        secret: true,
        validate: z.string().regex(/^\d{4}$/, 'Four digits please'),
        targets: ['confirm'],
        next: (pin, ctx) => {
          ctx.state.paid = pin === PIN;
          return ctx.go('confirm');
        },
      }),
      confirm: input({
        text: (ctx) => `PIN again to pay NGN ${ctx.state.amount ?? 0}:`,
        secret: true,
        targets: ['done'],
        next: (pin, ctx) => {
          ctx.state.paid = ctx.state.paid === true && pin === PIN;
          return ctx.go('done');
        },
      }),
      done: info({ text: (ctx) => (ctx.state.paid === true ? 'Paid.' : 'Wrong PIN.') }),
    }),
  });
}

/** Everything the session shows a test: its fields, its failure messages, its printed form. */
function everythingShown(session: HarnessSession): string {
  const failures = [
    () => session.expectScreen('not this screen'),
    () => session.expectScreen(/not this screen/),
    () => session.expectScreenFits({ gsm7: 1 }),
    () => session.expectClosed('Timeout'),
    () => session.expectAborted(),
  ].map((check) => {
    try {
      check();
      return '';
    } catch (error) {
      return String(error);
    }
  });
  return [
    session.screen,
    session.transcript.join('\n'),
    JSON.stringify(session.answers),
    JSON.stringify(session),
    inspect(session, { depth: Number.POSITIVE_INFINITY }),
    ...failures,
  ].join('\n');
}

describe('secret inputs in the harness', () => {
  it(`never shows the PIN ${PIN}: type() on a router app's secret screens, re-asked, static and computed text`, async () => {
    const session = await createHarness(bank()).dial('*384*1#');
    await session.type('500');
    session.expectScreen('Enter your PIN:');
    await session.type(`${PIN}9`); // five digits: re-asked under the validation message
    session.expectScreen('Four digits please\nEnter your PIN:');
    const refused = await session.pick('1').catch((error: unknown) => String(error));
    await session.type(PIN);
    session.expectScreen('PIN again to pay NGN 500:');
    await session.type(PIN);
    session.expectScreen('Paid.').expectClosed('End');
    const refusedAfter = await session.typeSecret(PIN).catch((error: unknown) => String(error));

    expect(session.transcript).toEqual([
      '> dial *384*1#',
      '< Amount?',
      '> 500',
      '< Enter your PIN:',
      '> ••••',
      '< Four digits please',
      '< Enter your PIN:',
      '> ••••',
      '< PIN again to pay NGN 500:',
      '> ••••',
      '< Paid.',
      '(gateway: close End)',
    ]);
    expect(refused).toMatch(/cannot pick "1": the phone waits for input, not chooser/);
    expect(refusedAfter).toMatch(/cannot typeSecret\(••••\): the session is closed \(End\)/);
    const shown = [everythingShown(session), refused, refusedAfter].join('\n');
    expect(shown).toContain('> 500');
    expect(shown).not.toContain(PIN);
  });

  it(`typeSecret() masks the PIN on any handler, and type() shows what the app does not declare secret`, async () => {
    const received: string[] = [];
    const handler: UssdHandler = {
      async handle(request) {
        const body = JSON.parse(request.body) as { result?: { value?: string } };
        if (body.result?.value !== undefined) received.push(body.result.value);
        const event = request.path.split('/').pop();
        if (event === 'close') return { status: 204 };
        const message = received.length < 2 ? 'Code?' : 'Done';
        const type = received.length < 2 ? 'InputView' : 'InfoView';
        return {
          status: 200,
          body: { action: { type: 'ShowView', view: { type, message } }, contextData: '' },
        };
      },
    };
    const session = await createHarness(handler).dial('*384*2#');
    await session.typeSecret(PIN);
    await session.type('1234');
    expect(received).toEqual([PIN, '1234']);
    expect(session.transcript).toContain('> ••••');
    expect(session.transcript).toContain('> 1234');
    expect(everythingShown(session)).not.toContain(PIN);
  });

  it('masks a PIN asked by a screen of a mounted flow', async () => {
    const confirm = defineFlow({
      state: z.object({}),
      params: z.object({}),
      result: z.boolean(),
      start: 'pin',
      screens: ({ input }, { finish }) => ({
        pin: input({
          text: 'Flow PIN:',
          secret: true,
          targets: ['@return'],
          next: (pin) => finish(pin === PIN),
        }),
      }),
    });
    const app = createApp({
      state: z.object({ ok: z.boolean().optional() }),
      start: 'menu',
      flows: { confirm },
      screens: ({ callFlow, info, input }) => ({
        menu: input({ text: 'Code?', next: 'check' }),
        check: callFlow({
          flow: 'confirm',
          params: {},
          targets: ['done'],
          next: (ok, ctx) => {
            ctx.state.ok = ok;
            return ctx.go('done');
          },
        }),
        done: info({ text: (ctx) => (ctx.state.ok === true ? 'Paid.' : 'Wrong PIN.') }),
      }),
    });
    const session = await createHarness(app).dial('*384*3#');
    await session.type('77');
    session.expectScreen('Flow PIN:');
    await session.type(PIN);
    session.expectScreen('Paid.');
    expect(session.transcript).toContain('> 77');
    expect(everythingShown(session)).not.toContain(PIN);
  });
});
