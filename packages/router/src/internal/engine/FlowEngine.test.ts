import { measureScreen, type SessionCommand } from '@ussdkit/protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gateway, screenOf } from '../../../test/gateway';
import { createApp } from '../../createApp';
import type { RouterEvent } from '../../RouterEvent';
import { ScreenTooLongError } from '../../ScreenTooLongError';

const form = () =>
  createApp({
    state: z.object({ name: z.string().optional(), city: z.string().optional() }),
    start: 'menu',
    screens: ({ chooser, input, info }) => ({
      menu: chooser({ title: 'Menu', items: [{ label: 'Register', next: 'name' }] }),
      name: input({
        text: (ctx) => `Name? (was ${ctx.state.name ?? 'none'})`,
        targets: ['city'],
        next: (name, ctx) => {
          ctx.state.name = name;
          return ctx.go('city');
        },
      }),
      city: chooser({
        title: (ctx) => `City for ${ctx.state.name}`,
        items: [
          { label: 'Lagos', value: 'LOS' },
          { label: 'Abuja', value: 'ABV' },
        ],
        targets: ['done'],
        next: (item, ctx) => {
          ctx.state.city = item.value;
          return ctx.go('done');
        },
      }),
      done: info({ text: (ctx) => `${ctx.state.name} in ${ctx.state.city}` }),
    }),
  });

describe('navigation', () => {
  it('goes back over the history, rolling back values entered after the target', async () => {
    const phone = gateway(form());
    expect(screenOf(await phone.dial())).toBe('Menu\n1. Register');
    expect(screenOf(await phone.send('1'))).toBe('Name? (was none)');
    expect(screenOf(await phone.send('Ada'))).toBe(
      'City for Ada\n1. Lagos\n2. Abuja\n0. Back\n00. Home',
    );
    expect(screenOf(await phone.send('0'))).toBe('Name? (was none)');
    expect(screenOf(await phone.send('Bola'))).toBe(
      'City for Bola\n1. Lagos\n2. Abuja\n0. Back\n00. Home',
    );
    expect(screenOf(await phone.send('2'))).toBe('Bola in ABV');
  });

  it('goes home to the first screen with the first state', async () => {
    const phone = gateway(form());
    await phone.dial();
    await phone.send('1');
    await phone.send('Ada');
    expect(screenOf(await phone.send('00'))).toBe('Menu\n1. Register');
    expect(screenOf(await phone.send('1'))).toBe('Name? (was none)');
  });

  it('uses configured keys, or none', async () => {
    const custom = createApp({
      state: z.object({}),
      start: 'a',
      navigation: { back: { key: '*', label: 'Prev' }, home: false },
      screens: ({ chooser, info }) => ({
        a: chooser({ title: 'A', items: [{ label: 'Next', next: 'b' }] }),
        b: chooser({ title: 'B', items: [{ label: 'End', next: 'c' }] }),
        c: info({ text: 'C' }),
      }),
    });
    const phone = gateway(custom);
    await phone.dial();
    expect(screenOf(await phone.send('1'))).toBe('B\n1. End\n*. Prev');
    expect(screenOf(await phone.send('*'))).toBe('A\n1. Next');
    const off = createApp({
      state: z.object({}),
      start: 'a',
      navigation: false,
      screens: ({ chooser, info }) => ({
        a: chooser({ title: 'A', items: [{ label: 'Next', next: 'b' }] }),
        b: chooser({ title: 'B', items: [{ label: 'End', next: 'c' }] }),
        c: info({ text: 'C' }),
      }),
    });
    const other = gateway(off, 'session-2');
    await other.dial();
    expect(screenOf(await other.send('1'))).toBe('B\n1. End');
  });
});

describe('pagination', () => {
  const products = Array.from({ length: 30 }, (_, index) => ({
    label: `Data bundle number ${index + 1} for thirty days`,
    value: index + 1,
  }));
  const catalogue = (limits?: { gsm7?: number; ucs2?: number }) =>
    createApp({
      state: z.object({ picked: z.number().optional() }),
      start: 'list',
      ...(limits ? { screenLimits: limits } : {}),
      screens: ({ chooser, info }) => ({
        list: chooser({
          title: 'Bundles',
          items: async () => products,
          targets: ['done'],
          next: (item, ctx) => {
            ctx.state.picked = item.value;
            return ctx.go('done');
          },
        }),
        done: info({ text: (ctx) => `Picked ${ctx.state.picked}` }),
      }),
    });

  const lines = (command: SessionCommand) => screenOf(command).split('\n');

  it('splits long menus into pages that fit, never splitting an item, with the same keys', async () => {
    const phone = gateway(catalogue());
    const seen: string[] = [];
    let page = await phone.dial();
    for (let count = 0; count < 20; count += 1) {
      const text = screenOf(page);
      expect(measureScreen(text).fits).toBe(true);
      const items = lines(page).slice(1);
      seen.push(...items.filter((line) => /^\d+\. Data/.test(line)));
      if (!items.includes('98. More')) break;
      if (count > 0) expect(items).toContain('0. Back');
      page = await phone.send('98');
    }
    expect(seen).toEqual(products.map((product, index) => `${index + 1}. ${product.label}`));
    expect(lines(await phone.send('0')).at(-1)).toBe('0. Back');
    expect(screenOf(await phone.send('3'))).toBe('Picked 3');
  });

  it('measures UCS-2 texts against the smaller budget', async () => {
    const app = createApp({
      state: z.object({}),
      start: 'list',
      screens: ({ chooser, info }) => ({
        list: chooser({
          title: 'Ẹ káàbọ̀',
          items: Array.from({ length: 6 }, (_, index) => ({
            label: `Ọjà ${index + 1} pẹ̀lú àlàyé`,
            next: 'end' as const,
          })),
        }),
        end: info({ text: 'O dabọ' }),
      }),
    });
    const first = screenOf(await gateway(app).dial());
    expect(measureScreen(first).encoding).toBe('UCS2');
    expect(first.length).toBeLessThanOrEqual(80);
    expect(first).toContain('98. More');
  });

  it('honours a configured limit', async () => {
    const phone = gateway(catalogue({ gsm7: 100 }));
    const text = screenOf(await phone.dial());
    expect(measureScreen(text, { gsm7: 100 }).fits).toBe(true);
    expect(text.split('\n').length).toBeLessThan(6);
  });
});

describe('navigation off per screen', () => {
  it('takes 0 as a value on an input screen with navigation: false', async () => {
    const app = createApp({
      state: z.object({ count: z.number().optional() }),
      start: 'menu',
      screens: ({ chooser, input, info }) => ({
        menu: chooser({ title: 'Menu', items: [{ label: 'Count', next: 'count' }] }),
        count: input({
          text: 'How many?',
          navigation: false,
          validate: z.coerce.number().int(),
          targets: ['done'],
          next: (count, ctx) => {
            ctx.state.count = count;
            return ctx.go('done');
          },
        }),
        done: info({ text: (ctx) => `Count ${ctx.state.count}` }),
      }),
    });
    const phone = gateway(app);
    await phone.dial();
    await phone.send('1');
    expect(screenOf(await phone.send('0'))).toBe('Count 0');
  });

  it('shows no back or home in a chooser with navigation: false, and refuses computed keys that clash', async () => {
    const errors: unknown[] = [];
    const app = createApp({
      state: z.object({}),
      start: 'menu',
      onError: (error) => errors.push(error),
      screens: ({ chooser, info }) => ({
        menu: chooser({
          title: 'Menu',
          items: [
            { label: 'Plain', next: 'plain' },
            { label: 'Clash', next: 'clash' },
          ],
        }),
        plain: chooser({
          title: 'Plain',
          navigation: false,
          items: [{ label: 'End', next: 'end' }],
        }),
        clash: chooser({
          title: 'Clash',
          items: () => [{ key: '00', label: 'Oops' }],
          next: 'end',
        }),
        end: info({ text: 'End' }),
      }),
    });
    const phone = gateway(app);
    await phone.dial();
    expect(screenOf(await phone.send('1'))).toBe('Plain\n1. End');
    const other = gateway(app, 'session-2');
    await other.dial();
    expect(screenOf(await other.send('2'))).toBe('Service unavailable, please try again');
    expect(String(errors[0])).toContain('key "00" is a navigation key');
  });
});

describe('screen fitting at run time: no view over the limit leaves the router', () => {
  it('pages a computed info text over the limit instead of cutting it: nothing to report', async () => {
    const events: RouterEvent[] = [];
    const errors: unknown[] = [];
    const app = createApp({
      state: z.object({}),
      start: 'long',
      onEvent: (event) => events.push(event),
      onError: (error) => errors.push(error),
      screens: ({ info }) => ({ long: info({ text: () => 'ẹ'.repeat(90) }) }),
    });
    const phone = gateway(app);
    const first = screenOf(await phone.dial());
    expect(first).toBe(`${'ẹ'.repeat(71)}\n98. More`);
    expect(measureScreen(first)).toMatchObject({ fits: true, length: 80 });
    expect(screenOf(await phone.send('98'))).toBe('ẹ'.repeat(19));
    expect(events.filter((event) => event.type === 'screen.overflow')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('pages an input echoed 10,000 times, and cuts a chooser title too long for any page', async () => {
    const errors: unknown[] = [];
    const app = createApp({
      state: z.object({ text: z.string().default('') }),
      start: 'ask',
      onError: (error) => errors.push(error),
      screens: ({ input, info, chooser }) => ({
        ask: input({
          text: 'Say something',
          targets: ['echo', 'menu'],
          next: (text, ctx) => {
            ctx.state.text = text;
            return ctx.go(text === 'menu' ? 'menu' : 'echo');
          },
        }),
        echo: info({ text: (ctx) => ctx.state.text.repeat(10_000) }),
        menu: chooser({ title: () => 'T'.repeat(400), items: [{ label: 'Ok', next: 'echo' }] }),
      }),
    });
    const phone = gateway(app);
    await phone.dial();
    const echoed = screenOf(await phone.send('hello'));
    expect(measureScreen(echoed).fits).toBe(true);
    expect(echoed).toMatch(/^(hello)+hel?l?o?\n98\. More$/);
    const second = screenOf(await phone.send('98'));
    expect(measureScreen(second).fits).toBe(true);
    expect(second).toMatch(/\n98\. More\n0\. Back$/);
    const other = gateway(app, 'session-2');
    await other.dial();
    const menu = screenOf(await other.send('menu'));
    expect(measureScreen(menu).fits).toBe(true);
    expect(menu).toMatch(/^T+\.\.\.\n1\. Ok\n0\. Back\n00\. Home$/);
    expect(errors).toEqual([expect.any(ScreenTooLongError)]);
    expect(errors[0]).toMatchObject({ screen: 'menu', length: 423, limit: 182 });
  });
});

describe('input attempts', () => {
  const pin = () =>
    createApp({
      state: z.object({}),
      start: 'pin',
      screens: ({ input, info }) => ({
        pin: input({
          text: 'PIN?',
          validate: z.string().regex(/^\d{4}$/, 'Wrong PIN'),
          maxAttempts: 2,
          onTooManyAttempts: 'locked',
          next: 'ok',
        }),
        ok: info({ text: 'OK' }),
        locked: info({ text: 'Locked' }),
      }),
    });

  it('goes to onTooManyAttempts after the limit', async () => {
    const phone = gateway(pin());
    await phone.dial();
    expect(screenOf(await phone.send('x'))).toBe('Wrong PIN\nPIN?');
    expect(screenOf(await phone.send('y'))).toBe('Locked');
  });

  it('ends politely without a target', async () => {
    const app = createApp({
      state: z.object({}),
      start: 'pin',
      screens: ({ input, info }) => ({
        pin: input({
          text: 'PIN?',
          validate: z.string().regex(/^\d{4}$/, 'Wrong PIN'),
          maxAttempts: 2,
          next: 'ok',
        }),
        ok: info({ text: 'OK' }),
      }),
    });
    const phone = gateway(app);
    await phone.dial();
    await phone.send('x');
    expect(screenOf(await phone.send('y'))).toBe('Too many invalid attempts. Please dial again.');
  });
});
