import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { createApp } from './createApp';
import { defineFlow } from './defineFlow';
import type { Flow } from './Flow';

const params = z.object({ amount: z.number(), to: z.string() });
const result = z.discriminatedUnion('paid', [
  z.object({ paid: z.literal(true), reference: z.string() }),
  z.object({ paid: z.literal(false), reason: z.string() }),
]);

const pay = defineFlow({
  state: z.object({ amount: z.number(), to: z.string(), pin: z.string().optional() }),
  params,
  result,
  initialState: (given) => {
    expectTypeOf(given).toEqualTypeOf<{ amount: number; to: string }>();
    return { amount: given.amount, to: given.to };
  },
  start: 'pin',
  screens: ({ input, info }, { finish }) => ({
    pin: input({
      text: (ctx) => {
        expectTypeOf(ctx.state.amount).toEqualTypeOf<number>();
        return `PIN to pay ${ctx.state.to}`;
      },
      secret: true,
      targets: ['@return', 'locked'],
      next: (pin, ctx) => {
        ctx.state.pin = pin;
        return pin === '0000' ? ctx.go('locked') : finish({ paid: true, reference: 'R1' });
      },
    }),
    locked: info({ text: 'Locked' }),
  }),
});

describe('defineFlow types', () => {
  it('gives a typed flow', () => {
    expectTypeOf(pay).toEqualTypeOf<Flow<typeof params, typeof result>>();
  });

  it('rejects a next that names no screen of the flow', () => {
    // @ts-expect-error: "screen 'ask' leads to 'nope', which is not a screen"
    defineFlow({
      state: z.object({}),
      params: z.object({}),
      result: z.boolean(),
      start: 'ask',
      screens: ({ input }) => ({ ask: input({ text: 'Name?', next: 'nope' }) }),
    });
  });

  it('rejects finish without @return in targets, and a result of the wrong type', () => {
    // @ts-expect-error: finish() returns to the caller, so '@return' must be in `targets`
    defineFlow({
      state: z.object({}),
      params: z.object({}),
      result: z.boolean(),
      start: 'ask',
      screens: ({ input, info }, { finish }) => ({
        ask: input({
          text: 'Sure?',
          targets: ['done'],
          next: () => finish(true),
        }),
        done: info({ text: 'Done' }),
      }),
    });
    // @ts-expect-error: the result must be what the `result` schema takes (a boolean)
    defineFlow({
      state: z.object({}),
      params: z.object({}),
      result: z.boolean(),
      start: 'ask',
      screens: ({ input }, { finish }) => ({
        ask: input({
          text: 'Sure?',
          targets: ['@return'],
          // @ts-expect-error: a string is not a boolean
          next: () => finish('yes'),
        }),
      }),
    });
  });

  it('types callFlow: the flow name, its params, and the result its next receives', () => {
    createApp({
      state: z.object({ reference: z.string().optional() }),
      start: 'pay',
      flows: { pay },
      screens: ({ callFlow, info }) => ({
        pay: callFlow({
          flow: 'pay',
          params: { amount: 500, to: 'DStv' },
          targets: ['done'],
          next: (paid, ctx) => {
            expectTypeOf(paid).toEqualTypeOf<
              { paid: true; reference: string } | { paid: false; reason: string }
            >();
            if (paid.paid) ctx.state.reference = paid.reference;
            return ctx.go('done');
          },
        }),
        done: info({ text: 'Done' }),
      }),
    });
    createApp({
      state: z.object({}),
      start: 'pay',
      flows: { pay },
      screens: ({ callFlow, info }) => ({
        // @ts-expect-error: 'pya' is not a mounted flow
        pay: callFlow({ flow: 'pya', params: { amount: 1, to: 'x' }, next: 'done' }),
        done: info({ text: 'Done' }),
      }),
    });
    createApp({
      state: z.object({}),
      start: 'pay',
      flows: { pay },
      screens: ({ callFlow, info }) => ({
        // @ts-expect-error: `amount` must be a number
        pay: callFlow({ flow: 'pay', params: { amount: '1', to: 'x' }, next: 'done' }),
        done: info({ text: 'Done' }),
      }),
    });
  });

  it('checks the call screen targets like any screen', () => {
    // @ts-expect-error: "screen 'pay' leads to 'dnoe', which is not a screen"
    createApp({
      state: z.object({}),
      start: 'pay',
      flows: { pay },
      screens: ({ callFlow, info }) => ({
        pay: callFlow({ flow: 'pay', params: { amount: 1, to: 'x' }, next: 'dnoe' }),
        done: info({ text: 'Done' }),
      }),
    });
  });

  it('offers no callFlow without flows', () => {
    createApp({
      state: z.object({}),
      start: 'done',
      screens: (factories) => {
        expectTypeOf(factories.callFlow).parameter(0).toHaveProperty('flow').toEqualTypeOf<never>();
        return { done: factories.info({ text: 'Done' }) };
      },
    });
  });
});
