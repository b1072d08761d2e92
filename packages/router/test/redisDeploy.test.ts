// A deploy over one real Redis: sessions started on version 1 of an app go on in version 2 when
// their screen is still there and their state still parses; the others end with
// `messages.flowChanged`. A session kept for resume is carried over by the same rule.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp, type HandleResult, type UssdApp } from '../src/index';
import { redisStore } from '../src/redis';
import { screenOf } from './gateway';
import { startTestRedis, type TestRedis } from './support/redisServer';

let redis: TestRedis;
let client: Redis;
const keyPrefix = `deploy-${process.pid}:`;

beforeAll(async () => {
  redis = await startTestRedis();
  client = new Redis(redis.url);
}, 60_000);
afterAll(async () => {
  client?.disconnect();
  await redis?.stop();
});

const store = () => redisStore({ client, keyPrefix });
const updated = 'This service was updated. Please dial again.';

/** Version 1: a menu, an amount (a number in the state), a PIN. */
const v1 = () =>
  createApp({
    state: z.object({ amount: z.number().optional() }),
    start: 'menu',
    store: store(),
    resume: { withinMs: 60_000 },
    screens: ({ chooser, input, info }) => ({
      menu: chooser({ title: 'Shop', items: [{ label: 'Airtime', next: 'amount' }] }),
      amount: input({
        text: 'Amount?',
        validate: z.coerce.number(),
        targets: ['pin'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('pin');
        },
      }),
      pin: input({ text: (ctx) => `PIN for ${ctx.state.amount}?`, next: 'done' }),
      done: info({ text: (ctx) => `Paid ${ctx.state.amount}` }),
    }),
  });

/** Version 2: a new help item and screen, a new optional field; `pin` and `amount` unchanged. */
const v2 = () =>
  createApp({
    state: z.object({ amount: z.number().optional(), note: z.string().optional() }),
    start: 'menu',
    store: store(),
    resume: { withinMs: 60_000 },
    screens: ({ chooser, input, info }) => ({
      menu: chooser({
        title: 'Shop v2',
        items: [
          { label: 'Airtime', next: 'amount' },
          { label: 'Help', next: 'help' },
        ],
      }),
      amount: input({
        text: 'Amount?',
        validate: z.coerce.number(),
        targets: ['pin'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('pin');
        },
      }),
      pin: input({ text: (ctx) => `PIN for ${ctx.state.amount} (v2)?`, next: 'done' }),
      done: info({ text: (ctx) => `Paid ${ctx.state.amount} on v2` }),
      help: info({ text: 'Call 123' }),
    }),
  });

/** Version 3: the PIN screen is gone (a one-step purchase). */
const withoutPin = () =>
  createApp({
    state: z.object({ amount: z.number().optional() }),
    start: 'menu',
    store: store(),
    screens: ({ chooser, input, info }) => ({
      menu: chooser({ title: 'Shop', items: [{ label: 'Airtime', next: 'amount' }] }),
      amount: input({ text: 'Amount?', next: 'done' }),
      done: info({ text: 'Paid' }),
    }),
  });

/** Version 4: the amount is now a string in the state, which a saved number does not parse as. */
const amountAsText = () =>
  createApp({
    state: z.object({ amount: z.string().optional() }),
    start: 'menu',
    store: store(),
    screens: ({ chooser, input, info }) => ({
      menu: chooser({ title: 'Shop', items: [{ label: 'Airtime', next: 'amount' }] }),
      amount: input({ text: 'Amount?', next: 'pin' }),
      pin: input({ text: 'PIN?', next: 'done' }),
      done: info({ text: 'Paid' }),
    }),
  });

/** One phone session, whose events may reach any version of the app (as during a rollout). */
function phone(sessionId: string) {
  let contextData = '';
  const base = { clientId: 'c1', appId: 'a1', sessionId };
  const post = (app: UssdApp<unknown>, event: string, body: object): Promise<HandleResult> =>
    app.handle({
      path: `/ussdSessionEvent/${event}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...base, ...body }),
    });
  const screen = (result: HandleResult): string => {
    expect(result.status).toBe(200);
    const command = result.body as Parameters<typeof screenOf>[0];
    contextData = command.contextData;
    return screenOf(command);
  };
  return {
    dial: async (app: UssdApp<unknown>) =>
      screen(
        await post(app, 'new', {
          msisdn: '+2348030000000',
          operator: 'mtn',
          input: { type: 'Dial', shortcodeString: '*384*1#' },
        }),
      ),
    send: async (app: UssdApp<unknown>, value: string) =>
      screen(await post(app, 'continue', { contextData, result: { type: 'InputResult', value } })),
    timeout: (app: UssdApp<unknown>) =>
      post(app, 'close', { contextData, reason: { type: 'Timeout' } }),
  };
}

/** A session on version 1, on the PIN screen for 500. */
async function onPin(sessionId: string) {
  const session = phone(sessionId);
  await session.dial(v1());
  await session.send(v1(), '1');
  expect(await session.send(v1(), '500')).toBe('PIN for 500?');
  return session;
}

describe('a deploy over one Redis', () => {
  it('keeps a session whose screen is still there and whose state still parses', async () => {
    expect(v2().flowVersion).not.toBe(v1().flowVersion);
    const session = await onPin('kept');
    expect(await session.send(v2(), '0')).toBe('Amount?');
    expect(await session.send(v2(), '700')).toBe('PIN for 700 (v2)?');
    expect(await session.send(v2(), '1234')).toBe('Paid 700 on v2');
  });

  it('ends with messages.flowChanged a session whose screen was removed', async () => {
    const session = await onPin('removed');
    expect(await session.send(withoutPin(), '1234')).toBe(updated);
  });

  it('ends with messages.flowChanged a session whose state no longer parses', async () => {
    const session = await onPin('reshaped');
    expect(await session.send(amountAsText(), '1234')).toBe(updated);
  });

  it('offers a session dropped on version 1 to the next dial on version 2', async () => {
    const dropped = await onPin('dropped');
    expect((await dropped.timeout(v1())).status).toBe(204);
    const again = phone('redial1');
    expect(await again.dial(v2())).toBe('Continue where you left off?\n1. Yes\n2. No');
    expect(await again.send(v2(), '1')).toBe('PIN for 500 (v2)?');
  });
});
