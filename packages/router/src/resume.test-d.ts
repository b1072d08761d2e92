import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { createApp } from './createApp';
import type { ResumeOptions } from './ResumeOptions';
import type { ScreenFactories } from './ScreenFactories';

const screens = ({ input, info }: ScreenFactories<Record<string, never>, 'en'>) => ({
  ask: input({
    text: 'Meter?',
    targets: ['done'],
    next: (_meter, ctx) => {
      expectTypeOf(ctx.signal).toEqualTypeOf<AbortSignal>();
      return ctx.go('done');
    },
  }),
  done: info({ text: 'Done' }),
});

describe('resume and ctx.signal types', () => {
  it('takes Timeout and Abandon as reasons to keep a session, no other', () => {
    expectTypeOf<NonNullable<ResumeOptions['on']>[number]>().toEqualTypeOf<'Timeout' | 'Abandon'>();
    createApp({
      state: z.object({}),
      start: 'ask',
      resume: { withinMs: 60_000, on: ['Timeout', 'Abandon'] },
      screens,
    });
    createApp({
      state: z.object({}),
      start: 'ask',
      // @ts-expect-error: a session that ended normally is never offered
      resume: { withinMs: 60_000, on: ['End'] },
      screens,
    });
    createApp({
      state: z.object({}),
      start: 'ask',
      // @ts-expect-error: withinMs is required
      resume: { on: ['Timeout'] },
      screens,
    });
  });
});
