import type { SessionCommand } from '@ussdkit/protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gateway, screenOf } from '../test/gateway';
import { createApp } from './createApp';
import { ResumeNotSupportedError } from './ResumeNotSupportedError';
import type { ResumeOptions } from './ResumeOptions';
import type { SessionStore } from './SessionStore';
import { contextDataStore } from './stores/contextDataStore';
import { memoryStore } from './stores/memoryStore';

const shop = (resume: ResumeOptions | undefined, store = memoryStore()) =>
  createApp({
    state: z.object({ amount: z.number().optional() }),
    start: 'menu',
    store,
    ...(resume === undefined ? {} : { resume }),
    languages: ['en', 'fr'],
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
        validate: z.coerce.number().min(50),
        targets: ['pin'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('pin');
        },
      }),
      pin: input({ text: (ctx) => `PIN to pay ${ctx.state.amount} NGN?`, next: 'done' }),
      done: info({ text: (ctx) => `Sent ${ctx.state.amount} NGN` }),
      help: info({ text: 'Call 123' }),
    }),
  });

const prompt = 'Continue where you left off?\n1. Yes\n2. No';

/** Dials as session `id`, goes to the PIN screen with 500 NGN, and drops with `reason`. */
async function dropOnPin(
  app: ReturnType<typeof shop>,
  id: string,
  reason: 'Timeout' | 'Abandon' = 'Timeout',
) {
  const phone = gateway(app, id);
  await phone.dial();
  await phone.send('1');
  expect(screenOf(await phone.send('500'))).toBe('PIN to pay 500 NGN?');
  expect((await phone.close(reason)).status).toBe(204);
}

describe('resume', () => {
  it('offers a session that timed out on an input; 1 brings back its screen, state and history', async () => {
    const app = shop({ withinMs: 60_000 });
    await dropOnPin(app, 'dropped');
    const again = gateway(app, 'again');
    expect(screenOf(await again.dial())).toBe(prompt);
    expect(screenOf(await again.send('1'))).toBe('PIN to pay 500 NGN?');
    expect(screenOf(await again.send('0'))).toBe('Amount?');
    expect(screenOf(await again.send('700'))).toBe('PIN to pay 700 NGN?');
    expect(screenOf(await again.send('1234'))).toBe('Sent 700 NGN');
  });

  it('keeps a dropped session for its own app: another app on the same store and caller never offers it', async () => {
    const store = memoryStore();
    const mine = shop({ withinMs: 60_000 }, store);
    const theirs = shop({ withinMs: 60_000 }, store);
    await dropOnPin(mine, 'dropped');
    const other = await gateway(theirs, 'other').post('new', {
      clientId: 'client-1',
      appId: 'app-2',
      sessionId: 'other',
      msisdn: '+2348030000000',
      operator: 'mtn',
      input: { type: 'Dial', shortcodeString: '*384*13#' },
    });
    expect(screenOf(other.body as SessionCommand)).toBe('Welcome\n1. Buy airtime\n2. Help');
    expect(screenOf(await gateway(mine, 'again').dial())).toBe(prompt);
  });

  it('2 starts at start, and the offer is gone once answered', async () => {
    const app = shop({ withinMs: 60_000 });
    await dropOnPin(app, 'dropped');
    const again = gateway(app, 'again');
    expect(screenOf(await again.dial())).toBe(prompt);
    expect(screenOf(await again.send('2'))).toBe('Welcome\n1. Buy airtime\n2. Help');
    await again.close('End');
    expect(screenOf(await gateway(app, 'third').dial())).toBe('Welcome\n1. Buy airtime\n2. Help');
  });

  it('shows the prompt again for another key, and 2 goes where the dialled code leads', async () => {
    const app = createApp({
      state: z.object({}),
      start: 'menu',
      resume: { withinMs: 60_000 },
      entry: { dial: { '5': 'help' } },
      screens: ({ chooser, input, info }) => ({
        menu: chooser({ title: 'Menu', items: [{ label: 'Ask', next: 'ask' }] }),
        ask: input({ text: 'Name?', next: 'help' }),
        help: info({ text: 'Call 123' }),
      }),
    });
    const dropped = gateway(app, 'dropped');
    await dropped.dial();
    await dropped.send('1');
    await dropped.close('Timeout');
    const again = gateway(app, 'again');
    expect(screenOf(await again.dial('*384*12*5#'))).toBe(prompt);
    expect(screenOf(await again.send('5'))).toBe(prompt);
    expect(screenOf(await again.send('2'))).toBe('Call 123');
  });

  it('offers it again after a drop on the prompt itself', async () => {
    const app = shop({ withinMs: 60_000 });
    await dropOnPin(app, 'dropped');
    const second = gateway(app, 'second');
    expect(screenOf(await second.dial())).toBe(prompt);
    await second.close('Timeout');
    const third = gateway(app, 'third');
    expect(screenOf(await third.dial())).toBe(prompt);
    expect(screenOf(await third.send('1'))).toBe('PIN to pay 500 NGN?');
  });

  it('never offers a session that ended normally, was cancelled, or came back too late', async () => {
    let now = 0;
    const app = shop({ withinMs: 1_000 }, memoryStore({ now: () => now }));
    const done = gateway(app, 'done');
    await done.dial();
    expect(screenOf(await done.send('2'))).toBe('Call 123');
    await done.close('End');
    expect(screenOf(await gateway(app, 'after-end').dial())).toBe(
      'Welcome\n1. Buy airtime\n2. Help',
    );
    await gateway(app, 'after-end').close('End');
    await dropOnPin(app, 'cancelled', 'Abandon');
    expect(screenOf(await gateway(app, 'after-cancel').dial())).toBe(
      'Welcome\n1. Buy airtime\n2. Help',
    );
    await dropOnPin(app, 'late');
    now += 1_001;
    expect(screenOf(await gateway(app, 'too-late').dial())).toBe(
      'Welcome\n1. Buy airtime\n2. Help',
    );
  });

  it("resumes after Abandon when `on` lists it, and asks in the caller's language", async () => {
    const app = shop({ withinMs: 60_000, on: ['Timeout', 'Abandon'] });
    await dropOnPin(app, 'cancelled', 'Abandon');
    expect(screenOf(await gateway(app, 'again').dial())).toBe(prompt);
    const french = createApp({
      state: z.object({}),
      start: 'name',
      languages: ['en', 'fr'],
      language: () => 'fr',
      resume: { withinMs: 60_000 },
      screens: ({ input, info }) => ({
        name: input({ text: { en: 'Name?', fr: 'Nom ?' }, next: 'bye' }),
        bye: info({ text: { en: 'Bye', fr: 'Au revoir' } }),
      }),
    });
    const first = gateway(french, 'fr-1');
    await first.dial();
    await first.close('Timeout');
    expect(screenOf(await gateway(french, 'fr-2').dial())).toBe(
      'Reprendre là où vous en étiez ?\n1. Oui\n2. Non',
    );
  });

  it('refuses resume on the contextData store with a ResumeNotSupportedError', () => {
    const store = contextDataStore({ secret: 'a-secret-of-at-least-32-characters!!' });
    expect(() => shop({ withinMs: 60_000 }, store)).toThrow(ResumeNotSupportedError);
    expect(() => shop({ withinMs: 60_000 }, store)).toThrow(/remove `resume` or change `store`/);
  });
});

/** Deep-freezes what it is given: a change to a loaded record then throws. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

describe('resume and loaded records', () => {
  it('never changes a record the store loaded (SessionStore: loaded records are read-only)', async () => {
    const inner = memoryStore();
    const store: SessionStore = {
      ...inner,
      load: async (id, contextData) => frozen(await inner.load(id, contextData)),
      takeResume: async (msisdn) => frozen(await inner.takeResume?.(msisdn)),
    };
    const app = shop({ withinMs: 60_000 }, store);
    await dropOnPin(app, 'dropped');
    const again = gateway(app, 'again');
    expect(screenOf(await again.dial())).toBe(prompt);
    expect(screenOf(await again.send('1'))).toBe('PIN to pay 500 NGN?');
    expect(screenOf(await again.send('0'))).toBe('Amount?');
    expect(screenOf(await again.send('650'))).toBe('PIN to pay 650 NGN?');
  });
});

describe('resume when the store fails to keep a session', () => {
  it('reports the error and still calls onClose with the state', async () => {
    const failure = new Error('store down');
    const store: SessionStore = {
      ...memoryStore(),
      saveResume: () => Promise.reject(failure),
    };
    const errors: unknown[] = [];
    const closed: unknown[] = [];
    const app = createApp({
      state: z.object({ name: z.string().optional() }),
      initialState: () => ({ name: 'Ada' }),
      start: 'ask',
      store,
      resume: { withinMs: 60_000 },
      onError: (error) => errors.push(error),
      onClose: ({ reason, state }) => {
        closed.push([reason.type, state]);
      },
      screens: ({ input, info }) => ({
        ask: input({ text: 'Name?', next: 'bye' }),
        bye: info({ text: 'Bye' }),
      }),
    });
    const phone = gateway(app, 'failing');
    await phone.dial();
    expect((await phone.close('Timeout')).status).toBe(204);
    expect(errors).toEqual([failure]);
    expect(closed).toEqual([['Timeout', { name: 'Ada' }]]);
  });
});

describe('resume prompt texts', () => {
  it('measures the whole prompt at createApp, its items included', () => {
    const make = (resumePrompt: string) =>
      createApp({
        state: z.object({}),
        start: 'hi',
        resume: { withinMs: 60_000 },
        messages: { resumePrompt, resumeYes: 'Yes, go on', resumeNo: 'No, start over' },
        screens: ({ info }) => ({ hi: info({ text: 'Hi' }) }),
      });
    // 160 characters fit alone (the limit is 182), not with the two items below them.
    expect(() => make('x'.repeat(160))).toThrow(
      /messages\.resumePrompt is 192 GSM 7-bit septets \(limit 182\)/,
    );
    expect(() => make('x'.repeat(140))).not.toThrow();
  });
});
