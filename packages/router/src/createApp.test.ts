import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectUpstreamValid, gateway, screenOf } from '../test/gateway';
import { createApp } from './createApp';
import { FlowDefinitionError } from './FlowDefinitionError';
import type { RouterEvent } from './RouterEvent';
import { SessionAlreadyOpenError } from './SessionAlreadyOpenError';
import { memoryStore } from './stores/memoryStore';
import { redisStore } from './stores/redisStore';

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
    // Timings aside: an `ms` like 12.94321 would contain the PIN's digits by chance.
    const untimed = events.map((event) => ('ms' in event ? { ...event, ms: 0 } : event));
    expect(JSON.stringify(untimed)).not.toContain('4321');
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
    headers: Record<string, string> = {
      Authorization: 'secret-token',
      'content-type': 'application/json',
    },
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
    const right = await request('/ussdSessionEvent/new/', body, {
      AUTHORIZATION: 'secret-token',
      'Content-Type': 'application/json; charset=utf-8',
    });
    expect(screenOf(expectUpstreamValid(right))).toBe('Welcome\n1. Buy airtime\n2. Help');
  });

  it('answers only the four endpoint paths, relative to where the app is mounted', async () => {
    const body = JSON.stringify(newBody);
    for (const path of [
      '/base/ussdSessionEvent/new',
      '/ussdSessionEvent/newer',
      '/ussdSessionEvent',
    ]) {
      const answer = await request(path, body);
      expect(answer, path).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    }
    expect((await request('/ussdSessionEvent/new?x=1', body)).status).toBe(200);
  });

  it('answers 415 to a body not declared JSON, before anything else is read', async () => {
    const body = JSON.stringify(newBody);
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', undefined]) {
      const headers: Record<string, string> = { Authorization: 'secret-token' };
      if (contentType !== undefined) headers['content-type'] = contentType;
      const answer = await request('/ussdSessionEvent/new', body, headers);
      expect(answer).toMatchObject({ status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
      expect((answer.body as { message: string }).message).toMatch(
        /Content-Type: application\/json/,
      );
    }
    // The token is checked first: a stranger learns nothing about what the app would accept.
    expect(
      (await request('/ussdSessionEvent/new', body, { 'content-type': 'text/plain' })).status,
    ).toBe(401);
    expect(
      app.precheck({ path: '/ussdSessionEvent/new', headers: { 'content-type': 'text/plain' } }),
    ).toMatchObject({ status: 401 });
    expect(
      app.precheck({
        path: '/ussdSessionEvent/close',
        headers: { authorization: 'secret-token', 'content-type': 'application/json' },
      }),
    ).toBeUndefined();
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
      headers: { 'content-type': 'application/json' },
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

describe('a second new event for an open session', () => {
  it('answers 409 naming the session and reports it, unless it replays the first new', async () => {
    const errors: unknown[] = [];
    const app = createApp({
      state: z.object({}),
      start: 'menu',
      onError: (error) => errors.push(error),
      screens: ({ input, info }) => ({
        menu: input({ text: 'Name?', next: 'bye' }),
        bye: info({ text: 'Bye' }),
      }),
    });
    const headers = { 'content-type': 'application/json' };
    const post = (body: object) =>
      app.handle({ path: '/ussdSessionEvent/new', headers, body: JSON.stringify(body) });
    expect((await post(newBody)).status).toBe(200);
    // The same new again (a redelivery) is a replay: the same answer.
    expect(await post(newBody)).toMatchObject({ status: 200 });
    // Another new under the same id (another dial) is refused, not silently restarted.
    const other = await post({ ...newBody, msisdn: '+2348039999999' });
    expect(other).toMatchObject({ status: 409, body: { code: 'SESSION_ALREADY_OPEN' } });
    expect((other.body as { message: string }).message).toMatch(/session s, which is still open/);
    expect(errors).toEqual([expect.any(SessionAlreadyOpenError)]);
  });
});

describe("the gateway's 5 s budget", () => {
  const base = { state: z.object({}), start: 'hi' as const };

  it('refuses a deadlineMs and a lock wait that add up past the gateway budget, naming both', () => {
    const slowLock = { ...memoryStore(), lockWaitMs: 2000 };
    const create = () =>
      createApp({
        ...base,
        store: slowLock,
        screens: ({ info }) => ({ hi: info({ text: 'Hi' }) }),
      });
    expect(create).toThrow(FlowDefinitionError);
    expect(create).toThrow(
      /deadlineMs \(3500 ms\) \+ the store's lockWaitMs \(2000 ms\) \+ a 250 ms margin add up to 5750 ms, past the gateway's 5000 ms \(gatewayBudgetMs\)/,
    );
    expect(() =>
      createApp({
        ...base,
        deadlineMs: 4800,
        screens: ({ info }) => ({ hi: info({ text: 'Hi' }) }),
      }),
    ).toThrow(/Lower deadlineMs/);
    // A gateway that waits longer, said so, makes room.
    expect(() =>
      createApp({
        ...base,
        store: slowLock,
        gatewayBudgetMs: 8000,
        screens: ({ info }) => ({ hi: info({ text: 'Hi' }) }),
      }),
    ).not.toThrow();
  });

  it('fits the defaults, redisStore included (1 s lock wait + 3.5 s deadline + margin < 5 s)', () => {
    expect(() =>
      createApp({ ...base, screens: ({ info }) => ({ hi: info({ text: 'Hi' }) }) }),
    ).not.toThrow();
    expect(redisStore({ client: {} as never }).lockWaitMs).toBe(1000);
  });

  it('gives a deadlineScreen only what is left of the budget, so the answer still beats the gateway', async () => {
    const never = () => new Promise<never>(() => undefined);
    const app = createApp({
      state: z.object({}),
      start: 'menu',
      deadlineMs: 50,
      gatewayBudgetMs: 400, // 400 - 250 margin - 50 deadline: 100 ms for the deadline screen
      deadlineScreen: 'still',
      onError: () => undefined,
      screens: ({ input, info }) => ({
        menu: input({
          text: 'Go?',
          targets: ['done'],
          next: async (_v, ctx) => {
            await never();
            return ctx.go('done');
          },
        }),
        still: info({ text: async () => never() }),
        done: info({ text: 'Done' }),
      }),
    });
    const phone = gateway(app);
    await phone.dial();
    expect(screenOf(await phone.send('yes'))).toBe(
      'We are still working on your request. Please try again shortly.',
    );
  });
});
