import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectUpstreamValid, gateway, screenOf } from '../test/gateway';
import { createApp } from './createApp';
import type { RouterEvent } from './RouterEvent';

const shop = (options: { authToken?: string; onEvent?: (event: RouterEvent) => void } = {}) =>
  createApp({
    ...options,
    state: z.object({ amount: z.number().optional(), pin: z.string().optional() }),
    start: 'menu',
    screens: ({ chooser, input, info }) => ({
      menu: chooser({
        title: 'Welcome',
        sessionTag: 'menu',
        items: [
          { label: 'Buy airtime', next: 'amount' },
          { label: 'Help', next: 'help' },
        ],
      }),
      amount: input({
        text: 'Amount?',
        validate: z.coerce.number().min(50, 'At least 50'),
        targets: ['pin'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('pin');
        },
      }),
      pin: input({
        text: (ctx) => `PIN to pay ${ctx.state.amount} NGN?`,
        secret: true,
        validate: (value) => (/^\d{4}$/.test(value) ? undefined : 'Four digits please'),
        next: 'done',
      }),
      done: info({ text: (ctx) => `Sent ${ctx.state.amount} NGN` }),
      help: info({ text: 'Call 123' }),
    }),
  });

const newBody = {
  clientId: 'c',
  appId: 'a',
  sessionId: 's',
  msisdn: '+2348030000000',
  operator: 'mtn',
  input: { type: 'Dial', shortcodeString: '*384*12#' },
};

describe('createApp: a flow', () => {
  it('runs a menu, input with validation and a final screen, tagging the session', async () => {
    const phone = gateway(shop());
    const first = await phone.dial();
    expect(screenOf(first)).toBe('Welcome\n1. Buy airtime\n2. Help');
    expect(first.sessionTag).toBe('menu');
    expect(first.contextData).toBe('h1');
    expect(screenOf(await phone.send('1'))).toBe('Amount?');
    expect(screenOf(await phone.send('10'))).toBe('At least 50\nAmount?');
    expect(screenOf(await phone.send('100'))).toBe('PIN to pay 100 NGN?');
    expect(screenOf(await phone.send('12'))).toBe('Four digits please\nPIN to pay 100 NGN?');
    const last = await phone.send('1234');
    expect(last.action).toEqual({
      type: 'ShowView',
      view: { type: 'InfoView', message: 'Sent 100 NGN' },
    });
    expect(await phone.close()).toEqual({ status: 204 });
  });

  it('reports structured events and redacts secret inputs', async () => {
    const events: RouterEvent[] = [];
    const phone = gateway(shop({ onEvent: (event) => events.push(event) }));
    await phone.dial();
    await phone.send('1');
    await phone.send('100');
    await phone.send('99');
    await phone.send('4321');
    await phone.close('End');
    const types = events.map((event) => event.type);
    expect(types[0]).toBe('session.start');
    expect(types).toContain('screen.shown');
    expect(types).toContain('event.handled');
    expect(events.at(-1)).toEqual({ type: 'session.end', sessionId: 'session-1', reason: 'End' });
    const pinEvents = events.filter(
      (event) =>
        (event.type === 'input' || event.type === 'input.rejected') && event.screen === 'pin',
    );
    expect(pinEvents.map((event) => event.type)).toEqual(['input', 'input.rejected', 'input']);
    expect(JSON.stringify(events)).not.toContain('4321');
    expect(JSON.stringify(pinEvents)).toContain('[redacted]');
    const handled = events.find((event) => event.type === 'event.handled');
    expect(handled).toMatchObject({ event: 'new', outcome: 'answered', ms: expect.any(Number) });
  });
});

describe('createApp: hooks and caches', () => {
  it('answers normally when the event hook throws on every event', async () => {
    const phone = gateway(
      shop({
        onEvent: () => {
          throw new Error('hook broke');
        },
      }),
    );
    expect(screenOf(await phone.dial())).toBe('Welcome\n1. Buy airtime\n2. Help');
    expect(screenOf(await phone.send('1'))).toBe('Amount?');
    expect(screenOf(await phone.send('00'))).toBe('Welcome\n1. Buy airtime\n2. Help');
  });

  it('pages one static item list by the history of each screen that shows it', async () => {
    // Four 40-character items fill one screen (180 of 182 septets) until back and home are added.
    const items = ['A', 'B', 'C', 'D'].map((letter) => ({ label: letter.repeat(40) }));
    const app = createApp({
      state: z.object({}),
      start: 'menu',
      screens: ({ chooser, info }) => ({
        menu: chooser({
          title: 'Menu',
          items,
          targets: ['sub', 'end'],
          next: (chosen, ctx) => ctx.go(chosen.index === 3 ? 'sub' : 'end'),
        }),
        sub: chooser({ title: 'Menu', items, next: 'end' }),
        end: info({ text: 'Done' }),
      }),
    });
    const phone = gateway(app);
    const lines = (answer: Awaited<ReturnType<typeof phone.dial>>) => screenOf(answer).split('\n');
    expect(lines(await phone.dial())).toHaveLength(5);
    const sub = lines(await phone.send('4'));
    expect(sub.slice(-3)).toEqual(['98. More', '0. Back', '00. Home']);
    expect(lines(await gateway(app, 'other').dial())).toHaveLength(5);
  });
});

describe('createApp: HTTP edge', () => {
  const app = shop({ authToken: 'secret-token' });
  const request = (
    path: string,
    body: string,
    headers: Record<string, string> = { Authorization: 'secret-token' },
  ) => app.handle({ path, headers, body });

  it('answers 404 JSON on an unknown path', async () => {
    const result = await request('/elsewhere', '{}');
    expect(result).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: expect.any(String) },
    });
  });

  it('checks the Authorization header when a token is configured', async () => {
    const body = JSON.stringify(newBody);
    const missing = await request('/ussdSessionEvent/new', body, {});
    expect(missing).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    expect((missing.body as { message: string }).message).toMatch(
      /^The Authorization header is missing .*createApp's authToken must equal it/,
    );
    const wrong = await request('/ussdSessionEvent/new', body, { authorization: 'secret-tokem' });
    expect(wrong).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    expect((wrong.body as { message: string }).message).toMatch(
      /^The Authorization header does not match the app's authToken/,
    );
    // The token itself is never echoed.
    expect(JSON.stringify(wrong)).not.toContain('secret-tok');
    const mounted = await request('/base/ussdSessionEvent/new', body, {
      AUTHORIZATION: 'secret-token',
    });
    expect(screenOf(expectUpstreamValid(mounted))).toBe('Welcome\n1. Buy airtime\n2. Help');
  });

  it('answers 413 past the body limit, 400 on bad JSON and 400 naming the failing field', async () => {
    const small = createApp({
      state: z.object({}),
      start: 'hi',
      maxBodyBytes: 100,
      screens: ({ info }) => ({ hi: info({ text: 'Hi' }) }),
    });
    const big = await small.handle({
      path: '/ussdSessionEvent/new',
      headers: {},
      body: 'x'.repeat(101),
    });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const bad = await request('/ussdSessionEvent/new', '{not json');
    expect(bad).toEqual({
      status: 400,
      body: { code: 'INVALID_JSON', message: expect.any(String) },
    });
    const invalid = await request(
      '/ussdSessionEvent/new',
      JSON.stringify({ ...newBody, msisdn: 5 }),
    );
    expect(invalid).toMatchObject({
      status: 400,
      body: { code: 'INVALID_REQUEST', field: 'msisdn' },
    });
    const result = await request(
      '/ussdSessionEvent/continue',
      JSON.stringify({ clientId: 'c', appId: 'a', sessionId: 's', result: { type: 'Nope' } }),
    );
    expect(result).toMatchObject({ status: 400, body: { field: 'result.type' } });
  });

  it('answers 400, not a crash, for a deeply nested body within the size limit', async () => {
    const depth = 20_000;
    const nested = `{"clientId":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const result = await request('/ussdSessionEvent/new', nested);
    expect(result).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
  });

  it('answers close and abort with 204 and no body', async () => {
    const close = {
      clientId: 'c',
      appId: 'a',
      sessionId: 's',
      contextData: '',
      reason: { type: 'Abandon' },
    };
    expect(await request('/ussdSessionEvent/close', JSON.stringify(close))).toEqual({
      status: 204,
    });
    const abort = { clientId: 'c', appId: 'a', sessionId: 's', reason: { type: 'InternalError' } };
    expect(await request('/ussdSessionEvent/abort', JSON.stringify(abort))).toEqual({
      status: 204,
    });
  });
});
