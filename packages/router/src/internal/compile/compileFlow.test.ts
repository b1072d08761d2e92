import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../createApp';
import { FlowDefinitionError } from '../../FlowDefinitionError';

const problemsOf = (build: () => unknown): readonly string[] => {
  try {
    build();
  } catch (error) {
    if (error instanceof FlowDefinitionError) return error.problems;
    throw error;
  }
  return [];
};

describe('flow validation at start-up', () => {
  it('lists every problem at once', () => {
    const problems = problemsOf(() =>
      createApp({
        state: z.object({ name: z.string() }),
        start: 'menu',
        // The flow below is wrong on purpose; the type checker would catch the bad targets, so
        // the definition is built untyped to test the start-up check.
        screens: ({ chooser, info, input }) =>
          ({
            menu: chooser({
              title: 'Menu',
              items: [
                { key: '1', label: 'One', next: 'one' },
                { key: '1', label: 'Uno', next: 'one' },
                { key: '0', label: 'Zero', next: 'one' },
                { label: 'Lost', next: 'nowhere' as 'one' },
              ],
            }),
            one: info({ text: 'x'.repeat(200) }),
            orphan: info({ text: 'Nobody comes here' }),
            dynamic: input({ text: 'Hi', next: (_value, ctx) => ctx.go('one' as never) }),
          }) as never,
      }),
    );
    expect(problems).toEqual([
      'screen "menu": duplicate access key "1"',
      'screen "menu": access key "0" collides with a navigation key',
      'screen "one": text is 200 GSM 7-bit septets (limit 182)',
      'screen "dynamic": `next` is a handler; list the screens it may return in `targets`',
      'screen "menu" (2 Lost) leads to "nowhere", which is not a screen',
      'screen "orphan" is unreachable (if a handler goes there, list it in that screen\'s `targets`)',
      'screen "dynamic" is unreachable (if a handler goes there, list it in that screen\'s `targets`)',
      'the state schema does not accept `{}`: give `initialState`',
    ]);
  });

  it('reports a UCS-2 text over 80 characters and an item that cannot fit', () => {
    const problems = problemsOf(() =>
      createApp({
        state: z.object({}),
        start: 'menu',
        screens: ({ chooser, info }) => ({
          menu: chooser({ title: 'Menu', items: [{ label: 'y'.repeat(190), next: 'end' }] }),
          end: info({ text: 'ẹ'.repeat(81) }),
        }),
      }),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/item "y+" with the title and navigation is \d+ GSM 7-bit septets/);
    expect(problems[1]).toBe('screen "end": text is 81 UCS-2 characters (limit 80)');
  });

  it('measures static texts only: computed ones, sync or async, are not called at start-up', () => {
    let calls = 0;
    const long = (ctx: { msisdn: string }) => {
      calls += 1;
      return `${ctx.msisdn}${'x'.repeat(200)}`;
    };
    const problems = problemsOf(() =>
      createApp({
        state: z.object({}),
        start: 'menu',
        screens: ({ chooser, input, info }) => ({
          menu: chooser({
            title: async (ctx) => long(ctx),
            sessionTag: async (ctx) => long(ctx),
            items: [{ label: 'Ask', next: 'ask' }],
          }),
          ask: input({ text: long, next: 'end' }),
          end: info({ text: async (ctx) => long(ctx) }),
        }),
      }),
    );
    expect(problems).toEqual([]);
    expect(calls).toBe(0);
  });
});

describe('the compiled app', () => {
  const app = createApp({
    state: z.object({ amount: z.number().optional() }),
    start: 'menu',
    entry: { dial: { '7': 'pay' } },
    screens: ({ chooser, merchantPayment, info }) => ({
      menu: chooser({
        title: 'Menu',
        items: [
          { label: 'Pay', next: 'pay' },
          { label: 'Help', next: 'help' },
        ],
      }),
      pay: merchantPayment({
        payment: { merchantCode: 'M', amount: 100 },
        onSuccess: 'paid',
        onFailure: 'help',
        onUnknown: 'help',
      }),
      paid: info({ text: 'Paid' }),
      help: info({ text: 'Help' }),
    }),
  });

  it('exposes its screens and graph', () => {
    expect(Object.keys(app.screens)).toEqual(['menu', 'pay', 'paid', 'help']);
    expect(app.screens.pay.kind).toBe('merchantPayment');
    expect(app.graph.edges).toEqual([
      { from: 'menu', to: 'pay', label: '1 Pay' },
      { from: 'menu', to: 'help', label: '2 Help' },
      { from: 'pay', to: 'paid', label: 'Success' },
      { from: 'pay', to: 'help', label: 'Failure' },
      { from: 'pay', to: 'help', label: 'Unknown' },
    ]);
    expect(app.graph.entries).toEqual([{ via: 'Dial', key: '7', to: 'pay' }]);
  });

  it('prints Mermaid', () => {
    expect(app.toMermaid()).toBe(
      [
        'flowchart TD',
        '  start(("start"))',
        '  s_menu["menu<br/>chooser"]',
        '  s_pay["pay<br/>merchantPayment"]',
        '  s_paid["paid<br/>info"]',
        '  s_help["help<br/>info"]',
        '  start --> s_menu',
        '  start -->|"Dial 7"| s_pay',
        '  s_menu -->|"1 Pay"| s_pay',
        '  s_menu -->|"2 Help"| s_help',
        '  s_pay -->|"Success"| s_paid',
        '  s_pay -->|"Failure"| s_help',
        '  s_pay -->|"Unknown"| s_help',
      ].join('\n'),
    );
  });

  it('draws the redirect fallback as the entry "Redirect *", checked like the others', () => {
    const fallback = createApp({
      state: z.object({}),
      start: 'menu',
      entry: { redirectUnavailable: 'sorry' },
      screens: ({ info }) => ({ menu: info({ text: 'Menu' }), sorry: info({ text: 'Not here' }) }),
    });
    expect(fallback.graph.entries).toEqual([{ via: 'Redirect', key: '*', to: 'sorry' }]);
    expect(fallback.toMermaid()).toContain('start -->|"Redirect *"| s_sorry');
    const problems = problemsOf(() =>
      createApp({
        state: z.object({}),
        start: 'menu',
        entry: { redirectUnavailable: 'gone' as 'menu' },
        screens: ({ info }) => ({ menu: info({ text: 'Menu' }) }),
      }),
    );
    expect(problems).toEqual(['Redirect entry "*" leads to "gone", which is not a screen']);
  });

  it('has a stable flow version that follows the graph, or the one given', () => {
    expect(app.flowVersion).toMatch(/^[0-9a-f]{28}$/);
    const same = createApp({
      state: z.object({}),
      start: 'a',
      screens: ({ info }) => ({ a: info({ text: 'A' }) }),
    });
    const again = createApp({
      state: z.object({}),
      start: 'a',
      screens: ({ info }) => ({ a: info({ text: 'Changed text' }) }),
    });
    expect(again.flowVersion).toBe(same.flowVersion);
    const menu = (label: string, next: 'a' | 'b') =>
      createApp({
        state: z.object({}),
        start: 'm',
        screens: ({ chooser, info }) => ({
          m: chooser({ title: 'M', items: [{ label, next }] }),
          a: info({ text: 'A' }),
          b: info({ text: 'B' }),
        }),
        ...(next === 'a' ? { entry: { dial: { '1': 'b' } } } : { entry: { dial: { '1': 'a' } } }),
      }).flowVersion;
    expect(menu('Buy', 'a')).toBe(menu('Buy airtime', 'a'));
    expect(menu('Buy', 'a')).not.toBe(menu('Buy', 'b'));
    const pinned = createApp({
      state: z.object({}),
      start: 'a',
      flowVersion: 'v2',
      screens: ({ info }) => ({ a: info({ text: 'A' }) }),
    });
    expect(pinned.flowVersion).toBe('v2');
  });
});
