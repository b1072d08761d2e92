import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gateway, screenOf } from '../test/gateway';
import { createApp } from './createApp';
import { defineFlow } from './defineFlow';
import { FlowDefinitionError } from './FlowDefinitionError';
import { FlowParamsError } from './FlowParamsError';
import type { SessionStore } from './SessionStore';
import { contextDataStore } from './stores/contextDataStore';

/** A flow that asks for a PIN and returns whether it was right, with the amount it was given. */
const confirm = defineFlow({
  state: z.object({ amount: z.number(), tries: z.number() }),
  params: z.object({ amount: z.number().positive() }),
  result: z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), amount: z.number() }),
    z.object({ ok: z.literal(false) }),
  ]),
  initialState: ({ amount }) => ({ amount, tries: 0 }),
  start: 'sure',
  screens: ({ chooser, input }, { finish }) => ({
    sure: chooser({
      title: (ctx) => `Pay NGN ${ctx.state.amount}?`,
      items: [
        { label: 'Yes', next: 'pin' },
        { label: 'No', value: 'no' },
      ],
      targets: ['pin', '@return'],
      next: () => finish({ ok: false }),
    }),
    pin: input({
      text: (ctx) => `PIN for NGN ${ctx.state.amount} (try ${ctx.state.tries + 1})`,
      secret: true,
      targets: ['pin', '@return'],
      next: (pin, ctx) => {
        if (pin === '1234') return finish({ ok: true, amount: ctx.state.amount });
        ctx.state.tries += 1;
        return ctx.state.tries >= 2 ? finish({ ok: false }) : ctx.go('pin');
      },
    }),
  }),
});

const state = z.object({ amount: z.number().default(0), outcome: z.string().optional() });

const shop = (onError?: (error: unknown) => void, store?: SessionStore) =>
  createApp({
    state,
    start: 'menu',
    flows: { confirm },
    ...(onError === undefined ? {} : { onError }),
    ...(store === undefined ? {} : { store }),
    screens: ({ chooser, input, info, callFlow }) => ({
      menu: chooser({
        title: 'Shop',
        items: [
          { label: 'Airtime', next: 'amount' },
          { label: 'Data', next: 'data' },
        ],
      }),
      amount: input({
        text: 'Amount?',
        validate: z.coerce.number(),
        targets: ['pay'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('pay');
        },
      }),
      pay: callFlow({
        flow: 'confirm',
        params: (ctx) => ({ amount: ctx.state.amount }),
        targets: ['done'],
        next: (result, ctx) => {
          ctx.state.outcome = result.ok ? `paid ${result.amount}` : 'not paid';
          return ctx.go('done');
        },
      }),
      // The same mount, entered from another place, with fixed params.
      data: callFlow({ flow: 'confirm', params: { amount: 100 }, next: 'done' }),
      done: info({ text: (ctx) => `Airtime: ${ctx.state.outcome ?? 'data done'}` }),
    }),
  });

describe('composable flows', () => {
  it('enters a flow with params, and returns its result to the caller with its own state', async () => {
    const phone = gateway(shop());
    await phone.dial();
    await phone.send('1');
    expect(screenOf(await phone.send('500'))).toBe(
      'Pay NGN 500?\n1. Yes\n2. No\n0. Back\n00. Home',
    );
    expect(screenOf(await phone.send('1'))).toBe('PIN for NGN 500 (try 1)');
    expect(screenOf(await phone.send('0000'))).toBe('PIN for NGN 500 (try 2)');
    const done = await phone.send('1234');
    expect(screenOf(done)).toBe('Airtime: paid 500');
    expect(done.action.type).toBe('ShowView');
  });

  it('returns a result from a second place of the app (one mount, two callers)', async () => {
    const phone = gateway(shop());
    await phone.dial();
    expect(screenOf(await phone.send('2'))).toBe('Pay NGN 100?\n1. Yes\n2. No\n0. Back\n00. Home');
    expect(screenOf(await phone.send('2'))).toBe('Airtime: data done');
  });

  it('goes back from the flow to the caller, and within it, across the boundary', async () => {
    const phone = gateway(shop());
    await phone.dial();
    await phone.send('1');
    await phone.send('500');
    // Back from the flow's first screen: the screen before the call.
    expect(screenOf(await phone.send('0'))).toBe('Amount?');
    expect(screenOf(await phone.send('700'))).toBe(
      'Pay NGN 700?\n1. Yes\n2. No\n0. Back\n00. Home',
    );
    await phone.send('1');
    // Back within the flow, then on out of it.
    expect(screenOf(await phone.send('0'))).toBe('Pay NGN 700?\n1. Yes\n2. No\n0. Back\n00. Home');
    expect(screenOf(await phone.send('0'))).toBe('Amount?');
  });

  it('keeps the frames in contextData with the stateless store', async () => {
    const store = contextDataStore({ secret: 'a-test-secret-that-is-long-enough-123456' });
    const phone = gateway(shop(undefined, store));
    await phone.dial();
    await phone.send('1');
    await phone.send('500');
    await phone.send('1');
    expect(screenOf(await phone.send('0000'))).toBe('PIN for NGN 500 (try 2)');
    // Back rolls the flow's own state back too (tries), then leaves the PIN screen.
    expect(screenOf(await phone.send('0'))).toBe('PIN for NGN 500 (try 1)');
    expect(screenOf(await phone.send('0'))).toBe('Pay NGN 500?\n1. Yes\n2. No\n0. Back\n00. Home');
    await phone.send('1');
    expect(screenOf(await phone.send('1234'))).toBe('Airtime: paid 500');
  });

  it('goes home from inside a flow to the app start, dropping the frames', async () => {
    const phone = gateway(shop());
    await phone.dial();
    await phone.send('1');
    await phone.send('500');
    await phone.send('1');
    expect(screenOf(await phone.send('00'))).toBe('Shop\n1. Airtime\n2. Data');
    // A new call starts a fresh flow, and its result reaches the app (no frame left behind).
    await phone.send('1');
    await phone.send('300');
    await phone.send('1');
    expect(screenOf(await phone.send('1234'))).toBe('Airtime: paid 300');
  });

  it('refuses params the flow schema refuses with a FlowParamsError that names the fields', async () => {
    const errors: unknown[] = [];
    const phone = gateway(shop((error) => errors.push(error)));
    await phone.dial();
    await phone.send('1');
    expect(screenOf(await phone.send('-5'))).toBe('Service unavailable, please try again');
    expect(errors).toHaveLength(1);
    const error = errors[0] as FlowParamsError;
    expect(error).toBeInstanceOf(FlowParamsError);
    expect(error).toMatchObject({ flow: 'confirm', which: 'params', screen: 'pay' });
    expect(error.message).toMatch(/^screen "pay" called flow "confirm" with params .*amount: /);
    expect(error.message).not.toContain('-5');
  });

  it('puts the flow screens in the graph and the Mermaid export, under the mount name', () => {
    const app = shop();
    const names = app.graph.nodes.map((node) => node.name);
    expect(names).toEqual(expect.arrayContaining(['pay', 'data', 'confirm.sure', 'confirm.pin']));
    expect(app.graph.edges).toEqual(
      expect.arrayContaining([
        { from: 'pay', to: 'confirm.sure', label: 'call' },
        { from: 'data', to: 'confirm.sure', label: 'call' },
        { from: 'confirm.sure', to: 'confirm.pin', label: '1 Yes' },
        { from: 'confirm.pin', to: 'pay', label: 'return' },
        { from: 'confirm.pin', to: 'data', label: 'return' },
        { from: 'pay', to: 'done', label: 'handler' },
        { from: 'data', to: 'done', label: 'result' },
      ]),
    );
    expect(app.toMermaid()).toContain('s_pay -->|"call"| s_confirm_sure');
    expect(app.toMermaid()).toContain('s_confirm_pin -->|"return"| s_pay');
  });

  it('mounts one flow twice under two names, each with its own screens', async () => {
    const app = createApp({
      state: z.object({ log: z.array(z.string()).default([]) }),
      start: 'first',
      flows: { one: confirm, two: confirm },
      screens: ({ callFlow, info }) => ({
        first: callFlow({
          flow: 'one',
          params: { amount: 1 },
          targets: ['second'],
          next: (result, ctx) => {
            ctx.state.log.push(`one:${result.ok}`);
            return ctx.go('second');
          },
        }),
        second: callFlow({
          flow: 'two',
          params: { amount: 2 },
          targets: ['end'],
          next: (result, ctx) => {
            ctx.state.log.push(`two:${result.ok}`);
            return ctx.go('end');
          },
        }),
        end: info({ text: (ctx) => ctx.state.log.join(' ') }),
      }),
    });
    expect(app.graph.nodes.map((node) => node.name)).toEqual(
      expect.arrayContaining(['one.sure', 'one.pin', 'two.sure', 'two.pin']),
    );
    const phone = gateway(app);
    expect(screenOf(await phone.dial())).toBe('Pay NGN 1?\n1. Yes\n2. No');
    await phone.send('1');
    // The session began on a call screen: home is the flow's first screen.
    expect(screenOf(await phone.send('00'))).toBe('Pay NGN 1?\n1. Yes\n2. No');
    await phone.send('1');
    expect(screenOf(await phone.send('1234'))).toBe('Pay NGN 2?\n1. Yes\n2. No');
    expect(screenOf(await phone.send('2'))).toBe('one:true two:false');
  });

  it('nests flows: a flow calls another, each returning to its own caller', async () => {
    const outer = defineFlow({
      state: z.object({ label: z.string(), paid: z.boolean().default(false) }),
      params: z.object({ label: z.string() }),
      result: z.string(),
      initialState: ({ label }) => ({ label, paid: false }),
      flows: { confirm },
      start: 'intro',
      screens: ({ chooser, callFlow, info }, { finish }) => ({
        intro: chooser({
          title: (ctx) => `Order ${ctx.state.label}`,
          items: [{ label: 'Pay', next: 'pay' }],
        }),
        pay: callFlow({
          flow: 'confirm',
          params: { amount: 50 },
          targets: ['@return', 'refused'],
          next: (result, ctx) => {
            ctx.state.paid = result.ok;
            return result.ok ? finish(`${ctx.state.label} paid`) : ctx.go('refused');
          },
        }),
        refused: info({ text: 'Refused' }),
      }),
    });
    const app = createApp({
      state: z.object({ message: z.string().default('') }),
      start: 'menu',
      flows: { order: outer },
      screens: ({ chooser, callFlow, info }) => ({
        menu: chooser({ title: 'Menu', items: [{ label: 'Order', next: 'order' }] }),
        order: callFlow({
          flow: 'order',
          params: { label: 'A1' },
          targets: ['end'],
          next: (message, ctx) => {
            ctx.state.message = message;
            return ctx.go('end');
          },
        }),
        end: info({ text: (ctx) => `Done: ${ctx.state.message}` }),
      }),
    });
    expect(app.graph.nodes.map((node) => node.name)).toEqual(
      expect.arrayContaining([
        'order.intro',
        'order.pay',
        'order.confirm.sure',
        'order.confirm.pin',
      ]),
    );
    const phone = gateway(app);
    await phone.dial();
    expect(screenOf(await phone.send('1'))).toBe('Order A1\n1. Pay\n0. Back\n00. Home');
    expect(screenOf(await phone.send('1'))).toBe('Pay NGN 50?\n1. Yes\n2. No\n0. Back\n00. Home');
    // Back out of the inner flow lands in the outer one; home leaves both.
    expect(screenOf(await phone.send('0'))).toBe('Order A1\n1. Pay\n0. Back\n00. Home');
    await phone.send('1');
    await phone.send('1');
    expect(screenOf(await phone.send('1234'))).toBe('Done: A1 paid');
  });

  it('reports flows that cannot work at createApp', () => {
    expect(() =>
      createApp({
        state: z.object({}),
        start: 'a',
        flows: { confirm },
        screens: ({ info }) => ({ a: info({ text: 'A' }) }),
      }),
    ).toThrow(FlowDefinitionError);
    expect(() =>
      createApp({
        state: z.object({}),
        start: 'a',
        flows: { confirm },
        screens: ({ info }) => ({ a: info({ text: 'A' }) }),
      }),
    ).toThrow(/flow "confirm" is mounted but no screen calls it/);
    const long = defineFlow({
      state: z.object({}),
      params: z.object({}),
      result: z.null(),
      start: 'x',
      screens: ({ info }) => ({ x: info({ text: { en: 'Hi', fr: 'x'.repeat(200) } }) }),
    });
    expect(() =>
      createApp({
        state: z.object({}),
        start: 'a',
        languages: ['en', 'fr'],
        flows: { long },
        screens: ({ callFlow }) => ({ a: callFlow({ flow: 'long', params: {}, next: 'a' }) }),
      }),
    ).toThrow(/long\.x/);
  });
});

describe('composable flows: results and deadlines', () => {
  const capped = defineFlow({
    state: z.object({}),
    params: z.object({ amount: z.number() }),
    result: z.object({ amount: z.number().max(1000) }),
    initialState: () => ({}),
    start: 'ask',
    screens: ({ input }, { finish }) => ({
      ask: input({
        text: 'Amount?',
        validate: z.coerce.number(),
        targets: ['@return'],
        next: (amount) => (amount === 9 ? new Promise(() => undefined) : finish({ amount })),
      }),
    }),
  });
  const app = (onError: (error: unknown) => void) =>
    createApp({
      state: z.object({ amount: z.number().default(0) }),
      start: 'menu',
      flows: { capped },
      deadlineMs: 20,
      deadlineScreen: 'busy',
      onError,
      screens: ({ chooser, callFlow, info }) => ({
        menu: chooser({ title: 'Menu', items: [{ label: 'Go', next: 'go' }] }),
        go: callFlow({
          flow: 'capped',
          params: { amount: 1 },
          targets: ['done'],
          next: (result, ctx) => {
            ctx.state.amount = result.amount;
            return ctx.go('done');
          },
        }),
        busy: chooser({
          title: (ctx) => `Still working (app amount ${ctx.state.amount})`,
          items: [{ label: 'Menu', next: 'menu' }],
        }),
        done: info({ text: (ctx) => `Amount ${ctx.state.amount}` }),
      }),
    });

  it('refuses a result the result schema refuses, with a FlowParamsError', async () => {
    const errors: unknown[] = [];
    const phone = gateway(app((error) => errors.push(error)));
    await phone.dial();
    await phone.send('1');
    expect(screenOf(await phone.send('5000'))).toBe('Service unavailable, please try again');
    expect(errors[0]).toBeInstanceOf(FlowParamsError);
    expect(errors[0]).toMatchObject({ flow: 'capped', which: 'result', screen: 'go' });
    expect((errors[0] as Error).message).not.toContain('5000');
  });

  it('shows the deadline screen from the app side when a flow handler is late', async () => {
    const phone = gateway(app(() => undefined));
    await phone.dial();
    await phone.send('1');
    expect(screenOf(await phone.send('9'))).toBe(
      'Still working (app amount 0)\n1. Menu\n0. Back\n00. Home',
    );
    // Back leads to the app screen before the call; the session goes on in the app.
    expect(screenOf(await phone.send('0'))).toBe('Menu\n1. Go');
    await phone.send('1');
    expect(screenOf(await phone.send('7'))).toBe('Amount 7');
  });
});
