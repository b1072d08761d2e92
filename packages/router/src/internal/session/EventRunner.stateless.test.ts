import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectUpstreamValid, gateway, screenOf } from '../../../test/gateway';
import { createApp } from '../../createApp';
import { contextDataStore } from '../../stores/contextDataStore';

const app = () =>
  createApp({
    state: z.object({ name: z.string().optional() }),
    start: 'name',
    store: contextDataStore({ secret: 'a-test-secret-that-is-long-enough-123456' }),
    screens: ({ input, chooser, info }) => ({
      name: input({
        text: 'Name?',
        targets: ['confirm'],
        next: (name, ctx) => {
          ctx.state.name = name;
          return ctx.go('confirm');
        },
      }),
      confirm: chooser({
        title: (ctx) => `Hello ${ctx.state.name}`,
        items: [{ label: 'Done', next: 'done' }],
      }),
      done: info({ text: (ctx) => `Bye ${ctx.state.name}` }),
    }),
  });

describe('with the stateless contextData store', () => {
  it('carries the whole session in contextData, back navigation included', async () => {
    const phone = gateway(app());
    const first = await phone.dial();
    expect(first.contextData).toMatch(/^v2\./);
    await phone.send('Ada');
    expect(screenOf(await phone.send('0'))).toBe('Name?');
    expect(screenOf(await phone.send('Bola'))).toBe('Hello Bola\n1. Done\n0. Back\n00. Home');
    expect(screenOf(await phone.send('1'))).toBe('Bye Bola');
  });

  it('restarts politely when the contextData was tampered with', async () => {
    const target = app();
    const phone = gateway(target);
    await phone.dial();
    const answer = await target.handle({
      path: '/ussdSessionEvent/continue',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: 'c',
        appId: 'a',
        sessionId: 'session-1',
        contextData: 'v1.e30.forged',
        result: { type: 'InputResult', value: 'Eve' },
      }),
    });
    expect(screenOf(expectUpstreamValid(answer))).toBe(
      'Your session has expired. Please dial again.',
    );
  });
});
