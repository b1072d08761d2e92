import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gateway, screenOf } from '../../../test/gateway';
import { createApp } from '../../createApp';

/** A shop whose confirmation is counted: an old input acting on it would pay twice. */
function shop() {
  const paid: number[] = [];
  const app = createApp({
    state: z.object({ amount: z.number().optional() }),
    start: 'menu',
    screens: ({ chooser, input, info }) => ({
      menu: chooser({ title: 'Shop', items: [{ label: 'Buy', next: 'amount' }] }),
      amount: input({
        text: 'Amount?',
        validate: z.coerce.number().min(1),
        targets: ['confirm'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('confirm');
        },
      }),
      confirm: input({
        text: (ctx) => `Pay ${ctx.state.amount}? 1 to pay`,
        targets: ['done'],
        next: (_value, ctx) => {
          paid.push(ctx.state.amount ?? 0);
          return ctx.go('done');
        },
      }),
      done: info({ text: 'Paid' }),
    }),
  });
  return { app, paid };
}

const input = (value: string, contextData: string) => ({
  clientId: 'client-1',
  appId: 'app-1',
  sessionId: 'session-1',
  contextData,
  result: { type: 'InputResult', value },
});

describe('a continue that arrives out of order', () => {
  it('gets the current screen again and changes nothing', async () => {
    const { app, paid } = shop();
    const phone = gateway(app);
    await phone.dial();
    await phone.send('1');
    const confirm = await phone.send('1');
    expect(screenOf(confirm)).toBe('Pay 1? 1 to pay');
    expect(confirm.contextData).toBe('h3');

    // The first `continue` ("1" on the menu, sent with h1) arrives again, late: on the
    // confirmation screen its "1" would pay.
    const late = await phone.post('continue', input('1', 'h1'));
    expect(late.status).toBe(200);
    expect(late.body).toEqual(confirm);
    expect(paid).toEqual([]);

    const done = await phone.send('1');
    expect(screenOf(done)).toBe('Paid');
    expect(paid).toEqual([1]);
  });

  it('leaves a current continue alone, whatever its input', async () => {
    const { app } = shop();
    const phone = gateway(app);
    await phone.dial();
    const amount = await phone.post('continue', input('1', 'h1'));
    expect(screenOf(amount.body as never)).toBe('Amount?');
  });
});
