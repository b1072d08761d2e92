import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gateway, screenOf } from '../../../test/gateway';
import type { RouterMessages } from '../../AppOptions';
import { createApp, DEFAULT_MESSAGES } from '../../createApp';
import { fillPlaceholders, validationMessage } from './validationMessage';

/** What the customer would read for `value`, with the default texts. */
const messageFor = async (schema: z.ZodType, value: string) => {
  const result = await schema.safeParseAsync(value, {
    error: (issue) => validationMessage(issue, DEFAULT_MESSAGES),
  });
  return result.success ? 'valid' : result.error.issues[0]?.message;
};

describe('validationMessage', () => {
  it.each([
    ['z.coerce.number()', 'abc', 'Please enter a number.', z.coerce.number()],
    ['z.coerce.number()', '1e999', 'Please enter a number.', z.coerce.number()],
    ['z.coerce.bigint()', '1.5', 'Please enter a whole number.', z.coerce.bigint()],
    ['.int()', '1.5', 'Please enter a whole number.', z.coerce.number().int()],
    ['a pipe to z.int()', '2.5', 'Please enter a whole number.', z.coerce.number().pipe(z.int())],
    ['.multipleOf(1)', '2.5', 'Please enter a whole number.', z.coerce.number().multipleOf(1)],
    ['.multipleOf(50)', '75', 'Invalid input. Please try again.', z.coerce.number().multipleOf(50)],
    ['.min(50)', '10', 'Please enter 50 or more.', z.coerce.number().min(50)],
    ['.positive()', '0', 'Please enter more than 0.', z.coerce.number().positive()],
    ['.max(1000)', '5000', 'Please enter 1000 or less.', z.coerce.number().max(1000)],
    ['.lt(0.5)', '0.5', 'Please enter less than 0.5.', z.coerce.number().lt(0.5)],
    ['bigint .min(10n)', '9', 'Please enter 10 or more.', z.coerce.bigint().min(10n)],
    ['string .min(3)', 'ab', 'Please enter 3 or more characters.', z.string().min(3)],
    ['string .max(3)', 'abcd', 'Please enter 3 or fewer characters.', z.string().max(3)],
    ['string .length(4)', 'abc', 'Please enter 4 or more characters.', z.string().length(4)],
    ['.regex()', 'abcd', 'Invalid input. Please try again.', z.string().regex(/^\d{4}$/)],
    ['z.email()', 'ada', 'Invalid input. Please try again.', z.email()],
    ['z.enum()', '4', 'Please enter one of: 1, 2, 3.', z.enum(['1', '2', '3'])],
    ['z.literal()', 'no', 'Please enter one of: YES.', z.literal('YES')],
    [
      '.refine() without a message',
      'x',
      'Invalid input. Please try again.',
      z.string().refine((value) => value !== 'x'),
    ],
    [
      'a union',
      'b',
      'Invalid input. Please try again.',
      z.union([z.literal('a'), z.coerce.number()]),
    ],
    [
      'a list',
      'one',
      'Invalid input. Please try again.',
      z
        .string()
        .transform((value) => value.split(','))
        .pipe(z.array(z.string()).min(2)),
    ],
  ] as const)('%s given %j shows %j', async (_schema, value, expected, schema) => {
    expect(await messageFor(schema, value)).toBe(expected);
  });

  it.each([
    [
      '.min(50, message)',
      '10',
      'The minimum is NGN 50',
      z.coerce.number().min(50, 'The minimum is NGN 50'),
    ],
    ['z.coerce.number({ error })', 'abc', 'Digits only', z.coerce.number({ error: 'Digits only' })],
    [
      '.regex(re, { error })',
      'ab',
      'Four digits',
      z.string().regex(/^\d{4}$/, { error: 'Four digits' }),
    ],
    ['.refine(check, message)', 'x', 'Not x', z.string().refine((value) => value !== 'x', 'Not x')],
    [
      '.superRefine() adding a message',
      'x',
      'Added',
      z.string().superRefine((value, ctx) => {
        if (value === 'x') ctx.addIssue({ code: 'custom', message: 'Added' });
      }),
    ],
  ] as const)("%s given %j keeps the schema's %j", async (_schema, value, expected, schema) => {
    expect(await messageFor(schema, value)).toBe(expected);
  });

  it('fills placeholders, leaving unknown names as written', () => {
    expect(fillPlaceholders('{min} to {max}, not {mni}', { min: '1', max: '9' })).toBe(
      '1 to 9, not {mni}',
    );
  });

  it("leaves a placeholder named after an inherited member as written (the values' own only)", () => {
    const text = 'at least {min}; {constructor} {toString} {__proto__} {hasOwnProperty}';
    expect(fillPlaceholders(text, { min: '3' })).toBe(
      'at least 3; {constructor} {toString} {__proto__} {hasOwnProperty}',
    );
  });
});

describe('validation messages in an app', () => {
  const amountApp = (messages?: Partial<RouterMessages>) =>
    createApp({
      state: z.object({ amount: z.number().optional() }),
      start: 'amount',
      ...(messages === undefined ? {} : { messages }),
      screens: ({ input, info }) => ({
        amount: input({
          text: 'Amount (NGN)?',
          validate: z.coerce.number().min(50, 'The minimum is NGN 50').max(5000),
          targets: ['pin'],
          next: (amount, ctx) => {
            ctx.state.amount = amount;
            return ctx.go('pin');
          },
        }),
        pin: input({
          text: 'PIN?',
          validate: z.string().refine((pin) => pin === '1234'),
          next: 'done',
        }),
        done: info({ text: (ctx) => `Paid ${ctx.state.amount}` }),
      }),
    });

  it("shows the router's message above the screen text, the schema's own when it has one", async () => {
    const phone = gateway(amountApp());
    await phone.dial();
    expect(screenOf(await phone.send('abc'))).toBe('Please enter a number.\nAmount (NGN)?');
    expect(screenOf(await phone.send('10'))).toBe('The minimum is NGN 50\nAmount (NGN)?');
    expect(screenOf(await phone.send('9000'))).toBe('Please enter 5000 or less.\nAmount (NGN)?');
    expect(screenOf(await phone.send('100'))).toBe('PIN?');
    expect(screenOf(await phone.send('0000'))).toBe('Invalid input. Please try again.\nPIN?');
    expect(screenOf(await phone.send('1234'))).toBe('Paid 100');
  });

  it('uses the texts given in messages', async () => {
    const phone = gateway(
      amountApp({ notANumber: 'Digits only.', tooBig: 'NGN {max} at most.', invalidInput: 'No.' }),
    );
    await phone.dial();
    expect(screenOf(await phone.send('abc'))).toBe('Digits only.\nAmount (NGN)?');
    expect(screenOf(await phone.send('9000'))).toBe('NGN 5000 at most.\nAmount (NGN)?');
    await phone.send('100');
    expect(screenOf(await phone.send('0000'))).toBe('No.\nPIN?');
  });

  it('runs async refinements', async () => {
    const app = createApp({
      state: z.object({}),
      start: 'pin',
      screens: ({ input, info }) => ({
        pin: input({
          text: 'PIN?',
          validate: z.string().refine(async (pin) => pin === '1234', 'Wrong PIN'),
          next: 'done',
        }),
        done: info({ text: 'Done' }),
      }),
    });
    const phone = gateway(app);
    await phone.dial();
    expect(screenOf(await phone.send('0000'))).toBe('Wrong PIN\nPIN?');
    expect(screenOf(await phone.send('1234'))).toBe('Done');
  });
});
