import { createApp } from '@ussdkit/router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { app } from '../../test/fixtures/faultyApp';
import { HarnessError } from '../HarnessError';
import type { ExploreProblem } from './ExploreResult';
import { explore } from './explore';
import { reproduce } from './reproduce';

const silent = { onError: () => undefined };

describe('explore', () => {
  it('finds each planted fault with inputs that replay to it', async () => {
    const { problems, coverage } = await explore(app);
    const byKind = (kind: ExploreProblem['kind']) => problems.filter((p) => p.kind === kind);

    const [throws] = byKind('throws');
    expect(throws).toMatchObject({
      screen: 'amount',
      start: 'dial *384*1#',
      inputs: ['1', '1000'],
    });
    expect(throws?.message).toContain('planted: the bank refuses 1000');
    const thrown = await reproduce(app, throws as ExploreProblem);
    thrown.expectScreen('Service unavailable, please try again').expectClosed('End');

    const tooLong = byKind('too-long');
    expect(tooLong).toHaveLength(1);
    expect(tooLong[0]).toMatchObject({ screen: 'greet', language: 'fr' });
    expect(tooLong[0]?.message).toMatch(/over the 182 of one screen/);
    expect(tooLong[0]?.inputs[0]).toBe('2');
    const cut = await reproduce(app, tooLong[0] as ExploreProblem);
    expect(cut.screen).toMatch(/^Bonjour .*\.\.\./);

    const [late] = byKind('deadline');
    expect(late).toMatchObject({ screen: 'menu', inputs: ['3'] });
    const slow = await reproduce(app, late as ExploreProblem);
    slow.expectScreen('We are still working on your request. Please try again shortly.');

    const [stuck] = byKind('stuck');
    expect(stuck).toMatchObject({ screen: 'loop', inputs: ['4'] });
    const looping = await reproduce(app, stuck as ExploreProblem);
    expect(looping.screen).toBe('Round and round\n1. Again');

    const [invalid] = byKind('invalid-answer');
    expect(invalid).toMatchObject({ screen: 'pay', inputs: ['5'] });
    expect(invalid?.message).toMatch(/amount/);
    (await reproduce(app, invalid as ExploreProblem)).expectScreen(
      'Service unavailable, please try again',
    );

    expect(problems.map((p) => p.kind).sort()).toEqual([
      'deadline',
      'invalid-answer',
      'stuck',
      'throws',
      'too-long',
    ]);
    // The late screen is never shown: the deadline answer comes first.
    expect(coverage.unreached).toEqual(['late']);
    expect(coverage.truncated).toBe(false);
  }, 60_000);

  it('reports nothing on a clean app, and visits every branch of it', async () => {
    const clean = createApp({
      ...silent,
      state: z.object({}),
      start: 'menu',
      screens: ({ chooser, input, info, merchantPayment, redirect }) => ({
        menu: chooser({
          title: 'Menu',
          items: Array.from({ length: 12 }, (_, i) => ({
            label: `Option number ${i + 1} with a long label`,
            next:
              i % 3 === 0
                ? ('amount' as const)
                : i % 3 === 1
                  ? ('away' as const)
                  : ('bye' as const),
          })),
        }),
        amount: input({ text: 'Amount?', validate: z.coerce.number().min(1).max(50), next: 'pay' }),
        pay: merchantPayment({
          payment: { merchantCode: 'M', amount: 10 },
          onSuccess: 'bye',
          onFailure: 'bye',
          onUnknown: 'bye',
        }),
        away: redirect({ destinationAppId: 'other', onReturn: 'bye' }),
        bye: info({ text: 'Bye' }),
      }),
    });
    const { problems, coverage } = await explore(clean);
    expect(problems).toEqual([]);
    expect(coverage.unreached).toEqual([]);
    expect(coverage.sessions).toBeGreaterThan(20);
  });

  it('reports an event slower than its own deadlineMs, though the app answered in time', async () => {
    const slow = createApp({
      ...silent,
      state: z.object({}),
      start: 'ask',
      screens: ({ input, info }) => ({
        ask: input({
          text: 'Code?',
          targets: ['done'],
          next: async (_code, ctx) => {
            await new Promise((resolve) => setTimeout(resolve, 300));
            return ctx.go('done');
          },
        }),
        done: info({ text: 'Done' }),
      }),
    });
    const { problems } = await explore(slow, { deadlineMs: 100, maxVisits: 1 });
    expect(problems).toContainEqual(
      expect.objectContaining({
        kind: 'deadline',
        screen: 'ask',
        message: expect.stringMatching(/^the continue event took \d+ ms, over 100 ms$/),
      }),
    );
    const late = problems.find((p) => p.kind === 'deadline');
    (await reproduce(slow, late as ExploreProblem)).expectScreen('Done');
  }, 60_000);

  it('explores only the languages asked', async () => {
    const { problems } = await explore(app, { languages: ['en'] });
    expect(problems.map((p) => p.kind)).not.toContain('too-long');
    expect(new Set(problems.map((p) => p.language))).toEqual(new Set(['en']));
  }, 60_000);

  it('rejects with the HarnessError when an app answers what the gateway refuses', async () => {
    // The explorer drives the app through dispatch: a dispatch that answers nonsense.
    const nonsense = { status: 200, command: { action: 'nonsense' }, secret: false } as never;
    const broken = { ...app, dispatch: async () => nonsense };
    const { problems } = await explore(broken, { languages: ['en'] });
    expect(problems).toMatchObject([{ kind: 'invalid-answer', inputs: [] }]);
    await expect(reproduce(broken, problems[0] as ExploreProblem)).rejects.toThrow(HarnessError);
  });
});
