// The comparison on a real ussd-menu-builder menu (1.2.0, the incumbent) and a real port served
// by @ussdkit/africastalking: identical answers are counted, a re-ask with a reason is told
// apart from a real difference, and an original that crashes is reported, not waited for.
import { africasTalking } from '@ussdkit/africastalking';
import { createApp } from '@ussdkit/router';
import UssdMenu from 'ussd-menu-builder';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compareWithMenuBuilder } from './compareWithMenuBuilder';
import { formatComparison } from './formatComparison';

/** A menu of two items; `3` crashes the state (a bug the port does not copy). */
function original(): UssdMenu {
  const menu = new UssdMenu();
  menu.startState({
    run: () => menu.con('Pick:\n1. Hello\n2. Amount'),
    next: { '1': 'hello', '2': 'amount', '3': 'broken' },
  });
  menu.state('hello', { run: () => menu.end('Hello!') });
  menu.state('amount', { run: () => menu.con('Amount?'), next: { '*^\\d+$': 'thanks' } });
  menu.state('thanks', { run: () => menu.end(`Thanks for ${menu.val}`) });
  menu.state('broken', {
    run: () => {
      throw new Error('planted bug');
    },
  });
  return menu;
}

/** The port; its goodbye differs on purpose, by one character. */
function port() {
  const app = createApp({
    state: z.object({ amount: z.string().optional() }),
    start: 'menu',
    navigation: false,
    screens: ({ chooser, input, info }) => ({
      menu: chooser({
        title: 'Pick:',
        items: [
          { label: 'Hello', next: 'hello' },
          { label: 'Amount', next: 'amount' },
        ],
      }),
      hello: info({ text: 'Hello.' }),
      amount: input({
        text: 'Amount?',
        validate: z.string().regex(/^\d+$/, 'Digits only.'),
        targets: ['thanks'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('thanks');
        },
      }),
      thanks: info({ text: (ctx) => `Thanks for ${ctx.state.amount}` }),
    }),
  });
  return africasTalking(app);
}

describe('compareWithMenuBuilder', () => {
  it('counts identical answers and lists every difference, a re-ask told apart', async () => {
    const comparison = await compareWithMenuBuilder({
      original,
      port,
      sequences: [['2', 'x', '50'], ['1']],
    });
    // Sequence 0: dial, 2, x (re-ask), 50; sequence 1: dial, 1.
    expect(comparison.requests).toBe(6);
    expect(comparison.differences).toEqual([
      {
        kind: 'reask',
        sequence: 0,
        inputs: ['2', 'x'],
        original: 'CON Amount?',
        port: 'CON Digits only.\nAmount?',
        reason: 'Digits only.',
      },
      {
        kind: 'different',
        sequence: 1,
        inputs: ['1'],
        original: 'END Hello!',
        port: 'END Hello.',
      },
    ]);
    expect(comparison.identical).toBe(4);
  });

  it('reports an original that crashes instead of waiting for it', async () => {
    const comparison = await compareWithMenuBuilder({ original, port, sequences: [['3']] });
    expect(comparison.differences).toEqual([
      {
        kind: 'original-failed',
        sequence: 0,
        inputs: ['3'],
        // ussd-menu-builder wraps what the state threw: new Error(err).
        original: 'error event: Error: planted bug',
        port: 'CON Invalid choice. Try again.\nPick:\n1. Hello\n2. Amount',
      },
    ]);
  });

  it('prints the counts and each difference for a person', async () => {
    const text = formatComparison(
      await compareWithMenuBuilder({ original, port, sequences: [['2', 'x', '50']] }),
    );
    expect(text).toBe(
      [
        '4 requests: 3 identical, 1 different (1 re-ask with a reason)',
        '',
        '  reask in sequence 0, after 2 › x',
        '      original: CON Amount?',
        '      port:     CON Digits only.',
        '                Amount?',
      ].join('\n'),
    );
  });
});
