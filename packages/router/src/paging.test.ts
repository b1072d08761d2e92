import { measureScreen, type SessionCommand } from '@ussdkit/protocol';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gateway, screenOf } from '../test/gateway';
import { startTestRedis, type TestRedis } from '../test/support/redisServer';
import type { RouterMessages } from './AppOptions';
import { createApp, DEFAULT_MESSAGES } from './createApp';
import type { RouterEvent } from './RouterEvent';
import { ScreenTooLongError } from './ScreenTooLongError';
import type { SessionStore } from './SessionStore';
import { contextDataStore } from './stores/contextDataStore';
import { memoryStore } from './stores/memoryStore';
import { redisStore } from './stores/redisStore';

/** A statement of 670 characters, computed from the session: more than three screens. */
const statement = (msisdn: string): string => {
  const lines = Array.from(
    { length: 40 },
    (_, i) => `${i + 1}) airtime NGN ${(i + 1) * 50} for ${msisdn}`,
  ).join('; ');
  return lines.slice(0, 670);
};

/** Test stand-ins for the router's messages in Hausa (the router has none of its own). */
const hausaMessages = Object.fromEntries(
  Object.entries(DEFAULT_MESSAGES).map(([key, text]) => [key, `[ha] ${text}`]),
) as unknown as RouterMessages;

const kindOf = (command: SessionCommand) =>
  command.action.type === 'ShowView' ? command.action.view.type : command.action.type;

/** Sends 98 until the InfoView that ends the text (at most 10 times), keeping every answer. */
async function pageToTheEnd(
  phone: { send: (value: string) => Promise<SessionCommand> },
  shown: SessionCommand[],
): Promise<SessionCommand[]> {
  for (
    let turns = 0;
    turns < 10 && kindOf(shown.at(-1) as SessionCommand) !== 'InfoView';
    turns++
  ) {
    shown.push(await phone.send('98'));
  }
  return shown;
}

describe('long texts in pages', () => {
  const app = (onEvent?: (event: RouterEvent) => void) =>
    createApp({
      state: z.object({ amount: z.number().optional() }),
      start: 'menu',
      ...(onEvent === undefined ? {} : { onEvent }),
      screens: ({ chooser, input, info }) => ({
        menu: chooser({
          title: 'Menu',
          items: [
            { label: 'Statement', next: 'statement' },
            { label: 'Top up', next: 'amount' },
            { label: 'Code', next: 'code' },
          ],
        }),
        statement: info({ text: (ctx) => statement(ctx.msisdn) }),
        amount: input({
          text: (ctx) => `${statement(ctx.msisdn).slice(0, 300)}. Amount to top up?`,
          validate: z.coerce.number().min(100),
          targets: ['done'],
          next: (amount, ctx) => {
            ctx.state.amount = amount;
            return ctx.go('done');
          },
        }),
        code: input({
          text: () => `${'Your code may be 0. '.repeat(12)}Code?`,
          navigation: false,
          next: 'done',
        }),
        done: info({ text: (ctx) => `Topped up ${ctx.state.amount ?? 0}` }),
      }),
    });

  it('pages a 670-character info: 98 next, 0 previous, each page within the limit, the last one ends', async () => {
    const text = statement('+2348030000000');
    expect(text).toHaveLength(670);
    const events: RouterEvent[] = [];
    const phone = gateway(app((event) => events.push(event)));
    await phone.dial();
    const shown = await pageToTheEnd(phone, [await phone.send('1')]);
    const screens = shown.map(screenOf);
    expect(screens.length).toBeGreaterThanOrEqual(4);
    for (const screen of screens) expect(measureScreen(screen).fits).toBe(true);
    // Pages are menus of their keys, so the gateway takes only those; the last is the InfoView.
    expect(shown.slice(0, -1).map(kindOf)).toEqual(shown.slice(0, -1).map(() => 'ChooserView'));
    expect(screens[0]).toMatch(/\n98\. More$/);
    expect(screens[1]).toMatch(/\n98\. More\n0\. Back$/);
    expect(screens.at(-1)).not.toMatch(/98\. More|0\. Back/);
    const pages = screens.map((screen) => screen.replace(/(\n98\. More)?(\n0\. Back)?$/, ''));
    expect(pages.join(' ')).toBe(text);
    expect(events.filter((event) => event.type === 'page').map((event) => event.page)).toEqual(
      pages.slice(1).map((_, index) => index + 1),
    );
    expect(events.filter((event) => event.type === 'screen.overflow')).toEqual([]);
  });

  it('goes back a page with 0, and forward again with 98', async () => {
    const phone = gateway(app());
    await phone.dial();
    const first = screenOf(await phone.send('1'));
    const second = screenOf(await phone.send('98'));
    expect(screenOf(await phone.send('0'))).toBe(first);
    expect(screenOf(await phone.send('98'))).toBe(second);
  });

  it('pages a long input prompt; an answer on any page is the answer, 98 on the last page too', async () => {
    const phone = gateway(app());
    await phone.dial();
    const first = await phone.send('2');
    expect(kindOf(first)).toBe('InputView');
    expect(screenOf(first)).toMatch(/^1\) airtime NGN 50 .*\n98\. More$/s);
    const last = screenOf(await phone.send('98'));
    expect(last).toMatch(/Amount to top up\?\n0\. Back$/);
    expect(measureScreen(last).fits).toBe(true);
    // 98 on the last page is no page to turn: it is the answer, and 98 is under the minimum.
    const refused = screenOf(await phone.send('98'));
    expect(refused).toMatch(/^Please enter 100 or more\.\n1\) airtime/);
    expect(measureScreen(refused).fits).toBe(true);
    // Typed on the first page, an answer is taken at once.
    expect(screenOf(await phone.send('500'))).toBe('Topped up 500');
  });

  it('takes back to the previous screen from the first page of an input, as any input', async () => {
    const phone = gateway(app());
    await phone.dial();
    await phone.send('2');
    expect(screenOf(await phone.send('0'))).toBe('Menu\n1. Statement\n2. Top up\n3. Code');
  });

  it('keeps 0 an answer on an input with navigation: false: only 98 turns pages there', async () => {
    const phone = gateway(app());
    await phone.dial();
    const first = screenOf(await phone.send('3'));
    expect(first).toMatch(/\n98\. More$/);
    const second = screenOf(await phone.send('98'));
    expect(second).not.toMatch(/0\. Back/);
    expect(screenOf(await phone.send('0'))).toBe('Topped up 0');
  });

  it('keeps cutting what cannot be paged, a chooser title, and reports it to onError and onEvent', async () => {
    const events: RouterEvent[] = [];
    const errors: unknown[] = [];
    const titled = createApp({
      state: z.object({}),
      start: 'menu',
      onEvent: (event) => events.push(event),
      onError: (error) => errors.push(error),
      screens: ({ chooser, info }) => ({
        menu: chooser({ title: () => 'T'.repeat(300), items: [{ label: 'Ok', next: 'end' }] }),
        end: info({ text: 'End' }),
      }),
    });
    const shown = screenOf(await gateway(titled).dial());
    expect(shown).toMatch(/^T+\.\.\.\n1\. Ok$/);
    expect(measureScreen(shown)).toMatchObject({ fits: true, length: 182 });
    expect(errors).toEqual([expect.any(ScreenTooLongError)]);
    expect(events).toContainEqual({
      type: 'screen.overflow',
      sessionId: 'session-1',
      screen: 'menu',
      encoding: 'GSM7',
      length: 306,
      limit: 182,
    });
  });
});

describe('language and pages are session state, on every store', () => {
  let redis: TestRedis;
  let client: Redis;
  beforeAll(async () => {
    redis = await startTestRedis();
    client = new Redis(redis.url);
  });
  afterAll(async () => {
    client.disconnect();
    await redis.stop();
  });

  const stores: [string, () => SessionStore][] = [
    ['memoryStore', () => memoryStore()],
    ['contextDataStore', () => contextDataStore({ secret: 'x'.repeat(32) })],
    ['redisStore', () => redisStore({ client, keyPrefix: `paging${process.pid}:` })],
  ];

  it.each(stores)('%s: a Hausa session pages a UCS-2 text across events', async (_name, store) => {
    const app = createApp({
      state: z.object({}),
      languages: ['en', 'ha'],
      messages: { ha: hausaMessages },
      language: () => 'ha',
      store: store(),
      start: 'menu',
      screens: ({ chooser, info }) => ({
        menu: chooser({
          title: { en: 'Menu', ha: 'Zaɓi' },
          items: [{ label: { en: 'Help', ha: 'Taimako' }, next: 'help' }],
        }),
        help: info({
          text: (ctx) =>
            ctx.language === 'ha'
              ? `Ka zaɓi abin da kake so, ka biya daga asusun bankinka. ${'Mun gode da zaɓinka. '.repeat(8)}`.trim()
              : 'Pick what you want and pay from your bank account.',
        }),
      }),
    });
    const phone = gateway(app, `session-${_name}`);
    expect(screenOf(await phone.dial())).toBe('Zaɓi\n1. Taimako');
    const pages = [await phone.send('1')];
    pages.push(await phone.send('98'));
    // Back and forth: each event loads the page number and the pages from the store.
    expect(screenOf(await phone.send('0'))).toBe(screenOf(pages[0] as SessionCommand));
    pages.push(await phone.send('98'));
    await pageToTheEnd(phone, pages);
    const screens = pages.map(screenOf);
    expect(screens[0]).toMatch(/^Ka zaɓi abin/);
    expect(screens[0]).toMatch(/\n98\. \[ha\] More$/);
    for (const screen of screens) {
      expect(measureScreen(screen)).toMatchObject({ encoding: 'UCS2', fits: true });
    }
    expect(screens.at(-1)).toMatch(/Mun gode da zaɓinka\.$/);
  });
});
