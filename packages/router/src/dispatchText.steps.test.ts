import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from './index';

/** A menu and an amount; counts the amounts the app took. */
function app() {
  const taken: number[] = [];
  const served = createApp({
    state: z.object({}),
    start: 'menu',
    screens: ({ chooser, input, info }) => ({
      menu: chooser({ title: 'Menu', items: [{ label: 'Send', next: 'amount' }] }),
      amount: input({
        text: 'Amount?',
        validate: z.coerce.number(),
        targets: ['done'],
        next: (amount, ctx) => {
          taken.push(amount);
          return ctx.go('done');
        },
      }),
      done: info({ text: 'Sent.' }),
    }),
  });
  return { served, taken };
}

const input = (input: string, step?: number) =>
  ({ type: 'input', sessionId: 's', msisdn: '+1', input, step }) as const;
const screen = (text: string, ends = false) => ({ type: 'screen', text, ends, secret: false });

describe("dispatchText: a provider's numbered requests (step)", () => {
  it('answers a resent or late request with the last screen, the app not called again', async () => {
    const { served, taken } = app();
    await served.dispatchText({
      type: 'begin',
      sessionId: 's',
      msisdn: '+1',
      dial: '*1#',
      step: 1,
    });
    expect(await served.dispatchText(input('1', 2))).toEqual(screen('Amount?'));
    // Resent: the same step again, with the same input that would otherwise be read as an amount.
    expect(await served.dispatchText(input('1', 2))).toEqual(screen('Amount?'));
    // Late: an older step after a newer one.
    expect(await served.dispatchText(input('9', 1))).toEqual(screen('Amount?'));
    expect(await served.dispatchText(input('500', 3))).toEqual(screen('Sent.', true));
    expect(taken).toEqual([500]);
  });

  it('takes every input as new when the provider numbers none', async () => {
    const { served, taken } = app();
    await served.dispatchText({ type: 'begin', sessionId: 's', msisdn: '+1', dial: '*1#' });
    expect(await served.dispatchText(input('1'))).toEqual(screen('Amount?'));
    expect(await served.dispatchText(input('1'))).toEqual(screen('Sent.', true));
    expect(taken).toEqual([1]);
  });
});
