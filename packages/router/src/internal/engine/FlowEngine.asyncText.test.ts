import type { SessionCommand } from '@ussdkit/protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gateway, screenOf } from '../../../test/gateway';
import { createApp } from '../../createApp';

/** A text that takes one macrotask, as a lookup over the network would, rather than a microtask. */
const slowly = <T>(value: T) => new Promise<T>((resolve) => setImmediate(() => resolve(value)));

const state = z.object({ name: z.string().optional() });

describe('async texts', () => {
  it('awaits an info text computed from the state', async () => {
    const app = createApp({
      state,
      start: 'bye',
      screens: ({ info }) => ({
        bye: info({
          text: async (ctx) => slowly(`Bye ${ctx.state.name ?? 'you'} (${ctx.msisdn})`),
        }),
      }),
    });
    expect(screenOf(await gateway(app).dial())).toBe('Bye you (+2348030000000)');
  });

  it('awaits an input text, and keeps the notice above it when the input is refused', async () => {
    const app = createApp({
      state,
      start: 'name',
      screens: ({ input, info }) => ({
        name: input({
          text: async (ctx) => slowly(`Name? (was ${ctx.state.name ?? 'none'})`),
          validate: z.string().min(2, 'Two letters at least'),
          targets: ['done'],
          next: (name, ctx) => {
            ctx.state.name = name;
            return ctx.go('done');
          },
        }),
        done: info({ text: (ctx) => `Hi ${ctx.state.name}` }),
      }),
    });
    const phone = gateway(app);
    expect(screenOf(await phone.dial())).toBe('Name? (was none)');
    expect(screenOf(await phone.send('A'))).toBe('Two letters at least\nName? (was none)');
    expect(screenOf(await phone.send('Ada'))).toBe('Hi Ada');
  });

  it('awaits a chooser title on every page, paginating under it', async () => {
    const titles: string[] = [];
    const items = Array.from({ length: 12 }, (_, index) => ({
      label: `Bundle ${index + 1} with thirty days of data`,
      value: index + 1,
    }));
    const app = createApp({
      state: z.object({ picked: z.number().optional() }),
      start: 'list',
      screens: ({ chooser, info }) => ({
        list: chooser({
          title: async (ctx) => {
            const title = await slowly(`Bundles for ${ctx.msisdn.slice(-4)}`);
            titles.push(title);
            return title;
          },
          items: async () => slowly(items),
          targets: ['done'],
          next: (item, ctx) => {
            ctx.state.picked = item.value;
            return ctx.go('done');
          },
        }),
        done: info({ text: (ctx) => `Picked ${ctx.state.picked}` }),
      }),
    });
    const phone = gateway(app);
    const lines = (command: SessionCommand) => screenOf(command).split('\n');
    const first = lines(await phone.dial());
    expect(first[0]).toBe('Bundles for 0000');
    expect(first.at(-1)).toBe('98. More');
    const second = lines(await phone.send('98'));
    expect(second[0]).toBe('Bundles for 0000');
    expect(second).toContain('0. Back');
    expect(second[1]).toBe(
      `${first.length - 1}. Bundle ${first.length - 1} with thirty days of data`,
    );
    expect(lines(await phone.send('0'))).toEqual(first);
    expect(titles).toHaveLength(3);
    expect(screenOf(await phone.send('2'))).toBe('Picked 2');
  });

  it('awaits a sessionTag', async () => {
    const app = createApp({
      state,
      start: 'hi',
      screens: ({ info }) => ({
        hi: info({ text: 'Hi', sessionTag: async (ctx) => slowly(`tag-${ctx.operator}`) }),
      }),
    });
    const answer = await gateway(app).dial();
    expect(answer.sessionTag).toBe('tag-mtn');
    expect(screenOf(answer)).toBe('Hi');
  });
});

describe('async texts that fail', () => {
  const failing = (text: () => Promise<string>) => {
    const errors: { error: unknown; info: unknown }[] = [];
    const app = createApp({
      state,
      start: 'menu',
      onError: (error, info) => errors.push({ error, info }),
      screens: ({ chooser, info }) => ({
        menu: chooser({ title: 'Menu', items: [{ label: 'Balance', next: 'balance' }] }),
        balance: info({ text }),
      }),
    });
    return { app, errors };
  };

  it.each([
    ['rejects', () => Promise.reject(new Error('ledger down'))],
    [
      'throws after an await',
      async () => {
        await slowly(undefined);
        throw new Error('ledger down');
      },
    ],
  ])('answers messages.unavailable and calls onError when the text %s', async (_how, text) => {
    const { app, errors } = failing(text);
    const phone = gateway(app);
    await phone.dial();
    const answer = await phone.send('1');
    expect(screenOf(answer)).toBe('Service unavailable, please try again');
    expect(JSON.stringify(answer)).not.toContain('ledger');
    expect(errors).toEqual([
      {
        error: new Error('ledger down'),
        info: { sessionId: 'session-1', event: 'continue', screen: 'balance' },
      },
    ]);
  });
});

describe('async texts and the deadline', () => {
  const never = () => new Promise<string>(() => undefined);

  it('answers messages.deadline when an async text passes deadlineMs', async () => {
    const app = createApp({
      state,
      start: 'menu',
      deadlineMs: 20,
      messages: { deadline: 'Still working, we will SMS you' },
      screens: ({ chooser, info }) => ({
        menu: chooser({ title: 'Menu', items: [{ label: 'Balance', next: 'balance' }] }),
        balance: info({ text: never }),
      }),
    });
    const phone = gateway(app);
    expect(screenOf(await phone.dial())).toBe('Menu\n1. Balance');
    expect(screenOf(await phone.send('1'))).toBe('Still working, we will SMS you');
  });

  it('answers messages.deadline when the deadlineScreen itself is too slow', async () => {
    const app = createApp({
      state,
      start: 'ask',
      deadlineMs: 20,
      deadlineScreen: 'busy',
      screens: ({ input, chooser, info }) => ({
        ask: input({ text: never, next: 'end' }),
        busy: chooser({ title: never, items: [{ label: 'Try again', next: 'ask' }] }),
        end: info({ text: 'End' }),
      }),
    });
    const answer = await gateway(app).dial();
    expect(screenOf(answer)).toBe(
      'We are still working on your request. Please try again shortly.',
    );
  });
});
