import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gateway, screenOf } from '../test/gateway';
import { createApp } from './createApp';

const shop = () =>
  createApp({
    state: z.object({ amount: z.number().optional(), phone: z.string().optional() }),
    start: 'menu',
    screens: ({ chooser, input, info }) => ({
      menu: chooser({
        title: 'Welcome',
        items: [
          { label: 'Buy airtime', next: 'amount' },
          { label: 'Help', next: 'help' },
        ],
      }),
      amount: input({
        text: 'Amount?',
        validate: z.coerce.number().min(50, 'At least 50'),
        targets: ['phone'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('phone');
        },
      }),
      phone: input({
        text: (ctx) => `Phone for ${ctx.state.amount} NGN?`,
        targets: ['done'],
        next: async (phone, ctx) => {
          ctx.state.phone = phone;
          return ctx.go('done');
        },
      }),
      done: info({ text: (ctx) => `Sent ${ctx.state.amount} NGN to ${ctx.state.phone}` }),
      help: info({ text: 'Call 123' }),
    }),
  });

describe('createApp', () => {
  it('runs a menu, input with validation and a final screen', async () => {
    const phone = gateway(shop());
    expect(screenOf(await phone.dial())).toBe('Welcome\n1. Buy airtime\n2. Help');
    expect(screenOf(await phone.send('1'))).toBe('Amount?');
    expect(screenOf(await phone.send('10'))).toBe('At least 50\nAmount?');
    expect(screenOf(await phone.send('100'))).toBe('Phone for 100 NGN?');
    expect(screenOf(await phone.send('0'))).toBe('Amount?');
    expect(screenOf(await phone.send('200'))).toBe('Phone for 200 NGN?');
    expect(screenOf(await phone.send('0803'))).toBe('Sent 200 NGN to 0803');
    expect((await phone.close()).status).toBe(204);
  });
});
