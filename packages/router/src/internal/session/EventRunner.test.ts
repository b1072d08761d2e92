import type { AbortReason, CloseReason } from '@ussdkit/protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectUpstreamValid, gateway, screenOf } from '../../../test/gateway';
import type { EndInfo } from '../../AppOptions';
import { createApp } from '../../createApp';
import type { RouterEvent } from '../../RouterEvent';
import type { SessionStore } from '../../SessionStore';
import { memoryStore } from '../../stores/memoryStore';
import { eventKey } from '../door/httpResult';

const state = z.object({ amount: z.number().default(0), plan: z.string().optional() });

/**
 * An amount prompt that loops on itself, counting its handler's runs and the outcome of each
 * event: what replay tests need to see whether an event ran again.
 */
function looping(store?: SessionStore) {
  const outcomes: string[] = [];
  let calls = 0;
  const app = createApp({
    state,
    start: 'amount',
    ...(store === undefined ? {} : { store }),
    onEvent: (event) => {
      if (event.type === 'event.handled') outcomes.push(event.outcome);
    },
    screens: ({ input }) => ({
      amount: input({
        text: (ctx) => `Amount? (last ${ctx.state.amount})`,
        validate: z.coerce.number(),
        targets: ['amount'],
        next: (amount, ctx) => {
          calls += 1;
          ctx.state.amount = amount;
          return ctx.go('amount');
        },
      }),
    }),
  });
  const post = (body: string) =>
    app.handle({
      path: '/ussdSessionEvent/continue',
      headers: { 'content-type': 'application/json' },
      body,
    });
  return { app, post, outcomes, calls: () => calls };
}

const entries = (
  options: {
    readonly onEvent?: (event: RouterEvent) => void;
    readonly onError?: (error: unknown) => void;
    readonly messages?: { readonly processUnavailable: string };
  } = {},
) =>
  createApp({
    state,
    start: 'menu',
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
    ...(options.messages ? { messages: options.messages } : {}),
    entry: {
      dial: { '5': 'airtime', '6*1': 'help' },
      push: {
        data: z.object({ amount: z.number() }),
        screen: 'confirm',
        onStart: (data, ctx) => {
          ctx.state.amount = data.amount;
        },
      },
      redirect: {
        buy: {
          params: z.object({ plan: z.string() }),
          screen: 'confirm',
          onStart: (params, ctx) => {
            ctx.state.plan = params.plan;
          },
        },
        tour: { params: z.object({}), screen: 'confirm' },
      },
    },
    screens: ({ chooser, info }) => ({
      menu: chooser({ title: 'Menu', items: [{ label: 'Airtime', next: 'airtime' }] }),
      airtime: info({ text: (ctx) => `Airtime (${ctx.start.type})` }),
      help: info({ text: 'Help' }),
      confirm: info({ text: (ctx) => `Confirm ${ctx.state.amount} ${ctx.state.plan ?? '-'}` }),
    }),
  });

describe('entry points', () => {
  it('routes a dial on its extra short-code segments', async () => {
    expect(screenOf(await gateway(entries(), 'a').dial('*384*12*5#'))).toBe('Airtime (Dial)');
    expect(screenOf(await gateway(entries(), 'b').dial('*384*12*6*1#'))).toBe('Help');
    expect(screenOf(await gateway(entries(), 'c').dial('*384*12*9#'))).toBe('Menu\n1. Airtime');
  });

  it('gives a push its typed contextData, or starts at start when it does not parse', async () => {
    const app = entries();
    const pushed = await gateway(app, 'p1').start({ type: 'Push', contextData: '{"amount":500}' });
    expect(screenOf(pushed)).toBe('Confirm 500 -');
    const bad = await gateway(app, 'p2').start({ type: 'Push', contextData: 'not json' });
    expect(screenOf(bad)).toBe('Menu\n1. Airtime');
  });

  it('routes a redirect on process.id with typed params (deprecated processId too)', async () => {
    const app = entries();
    const input = { type: 'Redirect', process: { id: 'buy', params: { plan: 'daily' } } };
    expect(screenOf(await gateway(app, 'r1').start(input))).toBe('Confirm 0 daily');
    const legacy = await gateway(app, 'r2').start({ type: 'Redirect', processId: 'tour' });
    expect(screenOf(legacy)).toBe('Confirm 0 -');
  });

  it('starts a redirect without a process at start, as if dialled', async () => {
    const answer = await gateway(entries(), 'r3').start({ type: 'Redirect' });
    expect(screenOf(answer)).toBe('Menu\n1. Airtime');
  });
});

describe('a redirect for a process this app does not offer', () => {
  // The spec's States table: "another application returns a Redirect action | open | POST new
  // with input Redirect; the application may answer with a message that the operation is not
  // available".
  const unavailable = 'This service is not available here.';
  const redirected = (process: unknown) => ({ type: 'Redirect', process });

  it('answers that the operation is not available for an unknown process.id, and ends', async () => {
    const events: RouterEvent[] = [];
    const app = entries({ onEvent: (event) => events.push(event) });
    const phone = gateway(app, 'u1');
    const answer = await phone.start(redirected({ id: 'refund', params: {} }));
    expect(answer.action).toEqual({
      type: 'ShowView',
      view: { type: 'InfoView', message: unavailable },
    });
    expect(answer.contextData).toBe('');
    expect(events.filter((event) => event.type !== 'event.handled')).toEqual([
      {
        type: 'redirect.unavailable',
        sessionId: 'u1',
        processId: 'refund',
        problem: 'UnknownProcess',
      },
      { type: 'session.end', sessionId: 'u1', reason: 'ProcessUnavailable' },
    ]);
    expect(screenOf(await phone.send('1'))).toBe('Your session has expired. Please dial again.');
  });

  it('answers the same when the params fail their schema, without calling onStart', async () => {
    const events: RouterEvent[] = [];
    const app = entries({ onEvent: (event) => events.push(event) });
    const answer = await gateway(app, 'u2').start(redirected({ id: 'buy', params: { day: '1' } }));
    expect(screenOf(answer)).toBe(unavailable);
    expect(events).toContainEqual({
      type: 'redirect.unavailable',
      sessionId: 'u2',
      processId: 'buy',
      problem: 'InvalidParams',
    });
  });

  it('does not take a process id that names a property of every object for an entry', async () => {
    const errors: unknown[] = [];
    const app = entries({ onError: (error) => errors.push(error) });
    for (const id of ['constructor', 'toString', '__proto__']) {
      expect(screenOf(await gateway(app, `u-${id}`).start(redirected({ id, params: {} })))).toBe(
        unavailable,
      );
    }
    expect(screenOf(await gateway(app, 'u-dial').dial('*384*12*constructor#'))).toBe(
      'Menu\n1. Airtime',
    );
    expect(errors).toEqual([]);
  });

  it('says it with messages.processUnavailable', async () => {
    const app = entries({ messages: { processUnavailable: 'Not on this code, sorry.' } });
    const answer = await gateway(app, 'u3').start(redirected({ id: 'refund', params: {} }));
    expect(screenOf(answer)).toBe('Not on this code, sorry.');
  });

  it('goes to entry.redirectUnavailable instead, with the asked process in ctx.start', async () => {
    const app = createApp({
      state,
      start: 'menu',
      entry: {
        redirect: { buy: { params: z.object({ plan: z.string() }), screen: 'menu' } },
        redirectUnavailable: 'sorry',
      },
      screens: ({ chooser, info }) => ({
        menu: chooser({ title: 'Menu', items: [{ label: 'Airtime', next: 'airtime' }] }),
        airtime: info({ text: 'Airtime' }),
        sorry: chooser({
          title: (ctx) =>
            ctx.start.type === 'Redirect'
              ? `No ${ctx.start.processId} here (${ctx.start.params.ref ?? '-'}).`
              : 'No.',
          items: [{ label: 'Menu', next: 'menu' }],
        }),
      }),
    });
    const phone = gateway(app, 'u4');
    const answer = await phone.start(redirected({ id: 'refund', params: { ref: 'A1' } }));
    expect(screenOf(answer)).toBe('No refund here (A1).\n1. Menu');
    expect(screenOf(await phone.send('1'))).toBe('Menu\n1. Airtime\n0. Back\n00. Home');
    const invalid = await gateway(app, 'u5').start(redirected({ id: 'buy', params: {} }));
    expect(screenOf(invalid)).toBe('No buy here (-).\n1. Menu');
  });
});

describe('session lifecycle', () => {
  const hooked = (store = memoryStore()) => {
    const ended: (
      | EndInfo<z.output<typeof state>, CloseReason>
      | EndInfo<z.output<typeof state>, AbortReason>
    )[] = [];
    let calls = 0;
    const app = createApp({
      state,
      start: 'amount',
      store,
      onClose: (info) => {
        ended.push(info);
      },
      onAbort: (info) => {
        ended.push(info);
      },
      screens: ({ input, info }) => ({
        amount: input({
          text: 'Amount?',
          validate: z.coerce.number(),
          targets: ['done'],
          next: (amount, ctx) => {
            calls += 1;
            ctx.state.amount = amount;
            return ctx.go('done');
          },
        }),
        done: info({ text: (ctx) => `Got ${ctx.state.amount}` }),
      }),
    });
    return { app, ended, calls: () => calls };
  };

  it('calls onClose with the typed reason and state, then deletes the session', async () => {
    const { app, ended } = hooked();
    const phone = gateway(app);
    await phone.dial();
    await phone.send('7');
    expect((await phone.close('End')).status).toBe(204);
    expect(ended).toEqual([
      { sessionId: 'session-1', reason: { type: 'End' }, state: { amount: 7 } },
    ]);
    expect(screenOf(await phone.send('8'))).toBe('Your session has expired. Please dial again.');
  });

  it('calls onAbort with the typed reason', async () => {
    const { app, ended } = hooked();
    const phone = gateway(app);
    await phone.dial();
    await phone.abort({ type: 'DuplicatedOperation', operationId: 'op' });
    expect(ended).toEqual([
      {
        sessionId: 'session-1',
        reason: { type: 'DuplicatedOperation', operationId: 'op' },
        state: { amount: 0 },
      },
    ]);
  });

  it('answers a replayed event from the record without running handlers again', async () => {
    const { app, calls } = hooked();
    const body = JSON.stringify({
      clientId: 'c',
      appId: 'a',
      sessionId: 'replay',
      contextData: 'h1',
      result: { type: 'InputResult', value: '5' },
    });
    await gateway(app, 'replay').dial();
    const first = await app.handle({
      path: '/ussdSessionEvent/continue',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const again = await app.handle({
      path: '/ussdSessionEvent/continue',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expectUpstreamValid(first);
    expect(again).toEqual(first);
    expect(calls()).toBe(1);
  });

  it('tells a redelivered continue by its key in a session saved before hops were counted', async () => {
    const store = memoryStore();
    const { app, post, calls } = looping(store);
    await gateway(app, 'legacy').dial();
    const event = {
      clientId: 'c',
      appId: 'a',
      sessionId: 'legacy',
      contextData: 'h1',
      result: { type: 'InputResult', value: '5' },
    };
    const first = await post(JSON.stringify(event));
    expect(calls()).toBe(1);
    // The record as a version before hop counting saved it: no hop, the continue's own key.
    const saved = await store.load('legacy', '');
    if (saved === undefined) throw new Error('the session was not saved');
    const { hop: _hop, ...older } = saved.state as { hop?: number };
    await store.save('legacy', {
      flowVersion: saved.flowVersion,
      state: older,
      lastEvent: { key: eventKey('continue', event), answer: saved.lastEvent?.answer },
    });
    const again = await post(JSON.stringify(event));
    expect(again).toEqual(first);
    expect(calls()).toBe(1);
  });

  it('tells a redelivered continue by its key when the store answers with contextData of its own', async () => {
    // A store that keeps records by session but names each save itself (not the router's h<hop>).
    const inner = memoryStore();
    let saves = 0;
    const store: SessionStore = {
      ...inner,
      save: async (sessionId, record) => {
        await inner.save(sessionId, record);
        saves += 1;
        return `token-${saves}`;
      },
    };
    const { app, post, calls } = looping(store);
    const opened = await gateway(app, 'own-context').dial();
    expect(opened.contextData).toBe('token-1');
    const event = JSON.stringify({
      clientId: 'c',
      appId: 'a',
      sessionId: 'own-context',
      contextData: 'token-1',
      result: { type: 'InputResult', value: '5' },
    });
    const first = (await post(event)).body as { action: unknown };
    const again = (await post(event)).body as { action: unknown };
    // The same screen, without running the handler again. (Its contextData is the router's own:
    // the answer kept for replays is saved before the store names the save.)
    expect(again.action).toEqual(first.action);
    expect(calls()).toBe(1);
  });

  describe('replays by meaning', () => {
    // Decision 0008: "a replayed event (same session, same input, already answered) gets the same
    // answer without running handlers twice". The same input is the same parsed content, however
    // the gateway spelt the JSON.
    const event = { clientId: 'c', appId: 'a', sessionId: 'meaning', contextData: 'h1' };
    const compact = JSON.stringify({ ...event, result: { type: 'InputResult', value: '5' } });
    /** The same event: other key order at every level, whitespace, an unknown field. */
    const respelt = `{
      "result" : { "value" : "5", "type" : "InputResult" },
      "contextData": "h1",  "sessionId":"meaning",
      "appId": "a", "clientId": "c", "gatewayTraceId": "t-1"
    }`;

    it('answers a continue that differs only in whitespace, key order or unknown fields once', async () => {
      const { app, post, outcomes, calls } = looping();
      await gateway(app, 'meaning').dial();
      const first = await post(compact);
      const again = await post(respelt);
      expectUpstreamValid(first);
      expect(screenOf(first.body as never)).toBe('Amount? (last 5)');
      expect(again).toEqual(first);
      expect(calls()).toBe(1);
      expect(outcomes).toEqual(['answered', 'answered', 'replayed']);
    });

    it('runs a different input on the same screen as a new event', async () => {
      const { app, post, outcomes, calls } = looping();
      await gateway(app, 'meaning').dial();
      await post(compact);
      // The next input, with the contextData of the answer it follows (h1 again would be a late,
      // stale event: staleEvent.test.ts).
      const next = compact.replace('"value":"5"', '"value":"6"').replace('"h1"', '"h2"');
      const other = await post(next);
      expect(screenOf(other.body as never)).toBe('Amount? (last 6)');
      expect(calls()).toBe(2);
      expect(outcomes).toEqual(['answered', 'answered', 'answered']);
    });

    it('answers a new event spelt another way as the same session start', async () => {
      const { app, outcomes } = looping();
      const start = {
        clientId: 'c',
        appId: 'a',
        sessionId: 'start',
        msisdn: '+2348030000000',
        operator: 'mtn',
        input: { type: 'Dial', shortcodeString: '*384*12#' },
      };
      const post = (body: string) =>
        app.handle({
          path: '/ussdSessionEvent/new',
          headers: { 'content-type': 'application/json' },
          body,
        });
      const first = await post(JSON.stringify(start));
      const reversed = Object.fromEntries(Object.entries(start).reverse());
      const again = await post(JSON.stringify(reversed, null, 2));
      expect(again).toEqual(first);
      expect(outcomes).toEqual(['answered', 'replayed']);
    });
  });

  it('answers a replayed new event (a duplicated session start) without starting twice', async () => {
    let starts = 0;
    const app = createApp({
      state,
      start: 'menu',
      entry: {
        push: {
          data: z.object({ amount: z.number() }),
          screen: 'menu',
          onStart: () => {
            starts += 1;
          },
        },
      },
      screens: ({ input, info }) => ({
        menu: input({ text: 'Amount?', next: 'end' }),
        end: info({ text: 'End' }),
      }),
    });
    const phone = gateway(app, 'dup');
    const first = await phone.start({ type: 'Push', contextData: '{"amount":1}' });
    const again = await phone.start({ type: 'Push', contextData: '{"amount":1}' });
    expect(again).toEqual(first);
    expect(starts).toBe(1);
  });

  it('restarts politely a session whose screen another flow version removed', async () => {
    const store = memoryStore();
    const phone = gateway(hooked(store).app);
    await phone.dial();
    // The session waits on `amount`, which this version no longer has (docs/decisions/0024).
    const changed = createApp({
      state,
      start: 'sum',
      store,
      messages: { flowChanged: 'Updated! Dial again.' },
      screens: ({ input, info }) => ({
        sum: input({ text: 'How much?', next: 'done' }),
        done: info({ text: 'Done' }),
      }),
    });
    expect(changed.flowVersion).not.toBe(hooked().app.flowVersion);
    const answer = await gateway(changed).send('5');
    expect(screenOf(answer)).toBe('Updated! Dial again.');
  });

  it('answers the safe view and calls onError when a handler throws', async () => {
    const seen: { error: unknown; info: unknown }[] = [];
    const app = createApp({
      state,
      start: 'ask',
      onError: (error, info) => seen.push({ error, info }),
      screens: ({ input, info }) => ({
        ask: input({
          text: 'Go?',
          targets: ['end'],
          next: async (value, ctx) => {
            if (value === '1') throw new Error('database down');
            return ctx.go('end');
          },
        }),
        end: info({ text: 'End' }),
      }),
    });
    const phone = gateway(app);
    await phone.dial();
    const answer = await phone.send('1');
    expect(screenOf(answer)).toBe('Service unavailable, please try again');
    expect(JSON.stringify(answer)).not.toContain('database');
    expect(seen).toEqual([
      {
        error: new Error('database down'),
        info: { sessionId: 'session-1', event: 'continue', screen: 'ask' },
      },
    ]);
  });

  it('answers the fallback view when a handler passes the deadline', async () => {
    const app = createApp({
      state,
      start: 'ask',
      deadlineMs: 20,
      messages: { deadline: 'Still working, we will SMS you' },
      screens: ({ input, info }) => ({
        ask: input({
          text: 'Go?',
          targets: ['end'],
          next: (_value, ctx) => new Promise(() => ctx.go('end')),
        }),
        end: info({ text: 'End' }),
      }),
    });
    const phone = gateway(app);
    await phone.dial();
    expect(screenOf(await phone.send('1'))).toBe('Still working, we will SMS you');
  });

  it('shows the deadlineScreen from where the session was, dropping the late changes', async () => {
    const app = createApp({
      state,
      start: 'ask',
      deadlineMs: 20,
      deadlineScreen: 'busy',
      screens: ({ input, chooser, info }) => ({
        ask: input({
          text: 'Amount?',
          validate: z.coerce.number(),
          targets: ['end'],
          next: (amount, ctx) => {
            ctx.state.amount = amount;
            return amount > 100 ? new Promise(() => undefined) : ctx.go('end');
          },
        }),
        busy: chooser({ title: 'Still processing', items: [{ label: 'Try again', next: 'ask' }] }),
        end: info({ text: (ctx) => `Amount ${ctx.state.amount}` }),
      }),
    });
    expect(app.graph.entries).toEqual([{ via: 'Deadline', key: 'deadline', to: 'busy' }]);
    const phone = gateway(app);
    await phone.dial();
    expect(screenOf(await phone.send('500'))).toBe(
      'Still processing\n1. Try again\n0. Back\n00. Home',
    );
    expect(screenOf(await phone.send('0'))).toBe('Amount?');
    expect(screenOf(await phone.send('50'))).toBe('Amount 50');
  });

  it('handles one event at a time per session', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const app = createApp({
      state,
      start: 'ask',
      screens: ({ input, info }) => ({
        ask: input({
          text: 'Go?',
          targets: ['ask', 'end'],
          next: async (value, ctx) => {
            order.push(`start ${value}`);
            if (value === 'slow') await gate;
            order.push(`end ${value}`);
            return ctx.go(value === 'slow' ? 'ask' : 'end');
          },
        }),
        end: info({ text: 'End' }),
      }),
    });
    const phone = gateway(app);
    await phone.dial();
    const send = (value: string, contextData: string) =>
      app.handle({
        path: '/ussdSessionEvent/continue',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          clientId: 'c',
          appId: 'a',
          sessionId: 'session-1',
          contextData,
          result: { type: 'InputResult', value },
        }),
      });
    const slow = send('slow', 'h1');
    const fast = send('fast', 'h2');
    await Promise.resolve();
    release();
    for (const result of await Promise.all([slow, fast])) expectUpstreamValid(result);
    expect(order).toEqual(['start slow', 'end slow', 'start fast', 'end fast']);
  });
});
