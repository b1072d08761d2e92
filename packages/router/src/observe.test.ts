// `app.observe`: tools watch an app from outside (events, errors, language of new sessions)
// while `onEvent` and `onError` keep getting everything.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gateway, screenOf } from '../test/gateway';
import { createApp } from './createApp';
import type { ErrorInfo } from './ErrorInfo';
import type { RouterEvent } from './RouterEvent';

const build = (hooks: { onEvent?: (e: RouterEvent) => void; onError: (e: unknown) => void }) =>
  createApp({
    ...hooks,
    state: z.object({}),
    languages: ['en', 'fr'],
    start: 'ask',
    screens: ({ input, info }) => ({
      ask: input({
        text: { en: 'Name?', fr: 'Nom ?' },
        targets: ['done'],
        next: (name, ctx) => {
          if (name === 'boom') throw new Error('planted');
          return ctx.go('done');
        },
      }),
      done: info({ text: { en: 'Bye', fr: 'Au revoir' } }),
    }),
  });

describe('app.observe', () => {
  it('gives observers the events and errors, as onEvent and onError still get them', async () => {
    const hooked: string[] = [];
    const app = build({
      onEvent: (event) => hooked.push(event.type),
      onError: () => hooked.push('error'),
    });
    const events: RouterEvent[] = [];
    const errors: [unknown, ErrorInfo][] = [];
    const stop = app.observe({
      event: (event) => events.push(event),
      error: (error, info) => errors.push([error, info]),
    });
    const phone = gateway(app);
    await phone.dial();
    expect(screenOf(await phone.send('boom'))).toBe('Service unavailable, please try again');
    expect(events.map((event) => event.type)).toContain('screen.shown');
    expect(errors).toHaveLength(1);
    expect(String(errors[0]?.[0])).toContain('planted');
    expect(errors[0]?.[1]).toMatchObject({ event: 'continue', screen: 'ask' });
    expect(hooked).toContain('error');
    expect(hooked).toContain('screen.shown');

    stop();
    const seen = events.length;
    await gateway(app, 'unobserved').dial();
    expect(events).toHaveLength(seen);
  });

  it('tells observers of an app without onEvent, from when they come until they go, again and again', async () => {
    const app = build({ onError: () => undefined });
    const events: string[] = [];
    await gateway(app, 'before').dial();
    const first = app.observe({ event: (event) => events.push(`first ${event.type}`) });
    await gateway(app, 'observed').dial();
    expect(events).toContain('first screen.shown');
    first();
    const seen = events.length;
    await gateway(app, 'between').dial();
    expect(events).toHaveLength(seen);
    const second = app.observe({ event: (event) => events.push(`second ${event.type}`) });
    await gateway(app, 'again').dial();
    expect(events.slice(seen)).toContain('second screen.shown');
    second();
  });

  it('lets an observer pick the language of new sessions, and survives one that throws', async () => {
    const app = build({ onEvent: () => undefined, onError: () => undefined });
    expect(app.languages).toEqual(['en', 'fr']);
    app.observe({
      event: () => {
        throw new Error('a broken observer');
      },
    });
    const stop = app.observe({ language: () => 'fr' });
    expect(screenOf(await gateway(app, 'in-french').dial())).toBe('Nom ?');
    stop();
    expect(screenOf(await gateway(app, 'in-english').dial())).toBe('Name?');
  });
});
