import type { AbortReason, CloseReason, MerchantPaymentFailureCause } from '@ussdkit/protocol';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { createApp } from './createApp';
import type { ChosenItem } from './Screen';

const state = z.object({ amount: z.number().default(0), plan: z.string().optional() });

describe('createApp types', () => {
  it('types the state, validated input and chosen item', () => {
    createApp({
      state,
      start: 'menu',
      screens: ({ chooser, input, info }) => ({
        menu: chooser({
          title: (ctx) => {
            expectTypeOf(ctx.state.amount).toEqualTypeOf<number>();
            return 'Plans';
          },
          items: [
            { label: 'Daily', value: { code: 'D1', price: 100 } },
            { label: 'Weekly', value: { code: 'W1', price: 500 } },
          ],
          targets: ['amount'],
          next: (item, ctx) => {
            expectTypeOf(item).toEqualTypeOf<ChosenItem<{ code: string; price: number }>>();
            ctx.state.plan = item.value?.code;
            return ctx.go('amount');
          },
        }),
        amount: input({
          text: 'Amount?',
          validate: z.coerce.number(),
          targets: ['done'],
          next: (amount, ctx) => {
            expectTypeOf(amount).toEqualTypeOf<number>();
            return ctx.go('done');
          },
        }),
        done: info({ text: 'Done' }),
      }),
    });
  });

  it('accepts async texts, titles and session tags, with the state typed inside', () => {
    createApp({
      state,
      start: 'menu',
      screens: ({ chooser, input, info }) => ({
        menu: chooser({
          title: async (ctx) => {
            expectTypeOf(ctx.state.plan).toEqualTypeOf<string | undefined>();
            return `Plans from ${ctx.state.amount}`;
          },
          sessionTag: async (ctx) => `menu-${ctx.state.amount}`,
          items: async (ctx) => [{ label: `Top up ${ctx.state.amount}` }],
          next: 'amount',
        }),
        amount: input({
          text: async (ctx) => {
            expectTypeOf(ctx.state.amount).toEqualTypeOf<number>();
            return 'Amount?';
          },
          next: 'done',
        }),
        done: info({ text: (ctx) => Promise.resolve(`Done: ${ctx.state.amount}`) }),
      }),
    });
  });

  it('rejects a text that resolves to something other than a string', () => {
    createApp({
      state,
      start: 'done',
      screens: ({ info }) => ({
        // @ts-expect-error: a text must give a string, not a number
        done: info({ text: async (ctx) => ctx.state.amount }),
      }),
    });
  });

  it('rejects a misspelt static target', () => {
    // @ts-expect-error: "screen 'menu' leads to 'amout', which is not a screen"
    createApp({
      state,
      start: 'menu',
      screens: ({ input, info }) => ({
        menu: input({ text: 'Amount?', next: 'amout' }),
        amount: info({ text: 'Done' }),
      }),
    });
  });

  it('rejects a handler route without targets', () => {
    // @ts-expect-error: a handler must list the screens it may return in `targets`
    createApp({
      state,
      start: 'menu',
      screens: ({ input, info }) => ({
        menu: input({ text: 'Amount?', next: (_value, ctx) => ctx.go('done') }),
        done: info({ text: 'Done' }),
      }),
    });
  });

  it('rejects a handler returning a screen outside its targets', () => {
    createApp({
      state,
      start: 'menu',
      screens: ({ input, info }) => ({
        menu: input({
          text: 'Amount?',
          targets: ['done'],
          // @ts-expect-error: ctx.go only accepts the declared targets ('done'), not 'dnoe'
          next: async (_value, ctx) => ctx.go('dnoe'),
        }),
        done: info({ text: 'Done' }),
      }),
    });
  });

  it('rejects a misspelt start and entry screen', () => {
    createApp({
      state,
      // @ts-expect-error: the start screen must be one of the declared screens
      start: 'menuu',
      screens: ({ info }) => ({ menu: info({ text: 'Hi' }) }),
    });
    createApp({
      state,
      start: 'menu',
      // @ts-expect-error: a dial entry must lead to a declared screen
      entry: { dial: { '5': 'nowhere' } },
      screens: ({ info }) => ({ menu: info({ text: 'Hi' }) }),
    });
    createApp({
      state,
      start: 'menu',
      // @ts-expect-error: the redirect fallback must be a declared screen
      entry: { redirectUnavailable: 'nowhere' },
      screens: ({ info }) => ({ menu: info({ text: 'Hi' }) }),
    });
    createApp({
      state,
      start: 'menu',
      entry: { redirectUnavailable: 'menu' },
      screens: ({ info }) => ({ menu: info({ text: 'Hi' }) }),
    });
  });

  it('requires every merchant payment outcome and types the failure cause', () => {
    createApp({
      state,
      start: 'pay',
      screens: ({ merchantPayment, info }) => ({
        pay: merchantPayment({
          payment: (ctx) => ({ merchantCode: 'M1', amount: ctx.state.amount }),
          onSuccess: 'paid',
          targets: ['failed'],
          onFailure: ({ cause }, ctx) => {
            expectTypeOf(cause).toEqualTypeOf<MerchantPaymentFailureCause>();
            return ctx.go('failed');
          },
          onUnknown: 'paid',
        }),
        paid: info({ text: 'Paid' }),
        failed: info({ text: 'Failed' }),
      }),
    });
    createApp({
      state,
      start: 'pay',
      screens: ({ merchantPayment, info }) => ({
        // @ts-expect-error: onUnknown is missing; every payment outcome must be handled
        pay: merchantPayment({
          payment: { merchantCode: 'M1', amount: 100 },
          onSuccess: 'paid',
          onFailure: 'paid',
        }),
        paid: info({ text: 'Paid' }),
      }),
    });
  });

  it('types the close and abort hooks and the app it returns', () => {
    const app = createApp({
      state,
      start: 'menu',
      onClose: ({ reason, state: closed }) => {
        expectTypeOf(reason).toEqualTypeOf<CloseReason>();
        expectTypeOf(closed).toEqualTypeOf<
          { amount: number; plan?: string | undefined } | undefined
        >();
      },
      onAbort: ({ reason }) => {
        expectTypeOf(reason).toEqualTypeOf<AbortReason>();
      },
      screens: ({ info }) => ({ menu: info({ text: 'Hi' }) }),
    });
    expectTypeOf(app.screens.menu.kind).toEqualTypeOf<'info'>();
    expectTypeOf(app.toMermaid()).toBeString();
  });

  it('types legacyAppRedirect: a uri from the typed state, a final screen without targets', () => {
    const app = createApp({
      state,
      start: 'old',
      screens: ({ legacyAppRedirect }) => ({
        old: legacyAppRedirect({
          uri: (ctx) => {
            expectTypeOf(ctx.state.amount).toEqualTypeOf<number>();
            return `https://legacy.example.com/?a=${ctx.state.amount}`;
          },
        }),
      }),
    });
    expectTypeOf(app.screens.old.kind).toEqualTypeOf<'legacyAppRedirect'>();
    createApp({
      state,
      start: 'old',
      screens: ({ legacyAppRedirect }) => ({
        // @ts-expect-error: nothing comes back from a legacy app, so it has no targets
        old: legacyAppRedirect({ uri: 'https://legacy.example.com', targets: ['old'] }),
      }),
    });
  });

  it('types push data and redirect params', () => {
    createApp({
      state,
      start: 'menu',
      entry: {
        push: {
          data: z.object({ amount: z.number() }),
          screen: 'menu',
          onStart: (data, ctx) => {
            expectTypeOf(data).toEqualTypeOf<{ amount: number }>();
            ctx.state.amount = data.amount;
          },
        },
        redirect: {
          topUp: {
            params: z.object({ plan: z.string() }),
            screen: 'menu',
            onStart: (params) => {
              expectTypeOf(params).toEqualTypeOf<{ plan: string }>();
            },
          },
        },
      },
      screens: ({ info }) => ({ menu: info({ text: 'Hi' }) }),
    });
  });
});
