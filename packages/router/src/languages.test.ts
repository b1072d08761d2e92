import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gateway, screenOf } from '../test/gateway';
import type { RouterMessages } from './AppOptions';
import { createApp, DEFAULT_MESSAGES } from './createApp';
import { FlowDefinitionError } from './FlowDefinitionError';
import { FRENCH_MESSAGES } from './frenchMessages';
import type { RouterEvent } from './RouterEvent';
import { memoryStore } from './stores/memoryStore';
import { UnknownLanguageError } from './UnknownLanguageError';

/**
 * Test stand-ins for a complete set of the router's messages in Hausa: each English default
 * marked `[ha]` (the router has no Hausa of its own; an app gives its real texts).
 */
const hausaMessages = Object.fromEntries(
  Object.entries(DEFAULT_MESSAGES).map(([key, text]) => [key, `[ha] ${text}`]),
) as unknown as RouterMessages;

const problemsOf = (build: () => unknown): FlowDefinitionError => {
  try {
    build();
  } catch (error) {
    if (error instanceof FlowDefinitionError) return error;
    throw error;
  }
  throw new Error('createApp did not fail');
};

/** A shop in English and Hausa: a language menu, a name input, a greeting. */
const shop = (
  options: {
    language?: (event: { msisdn: string }) => unknown;
    onError?: (error: unknown) => void;
    onEvent?: (event: RouterEvent) => void;
  } = {},
) =>
  createApp({
    state: z.object({ name: z.string().optional() }),
    languages: ['en', 'ha'],
    messages: { ha: hausaMessages },
    ...(options.language === undefined ? {} : { language: options.language as never }),
    ...(options.onError === undefined ? {} : { onError: options.onError }),
    ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
    start: 'menu',
    screens: ({ chooser, input, info }) => ({
      menu: chooser({
        title: { en: 'Welcome', ha: 'Barka da zuwa' },
        items: [
          { label: { en: 'Your name', ha: 'Sunanka' }, next: 'name' },
          { label: 'Hausa', value: 'ha' as const, next: 'language' },
          { label: 'English', value: 'en' as const, next: 'language' },
        ],
      }),
      language: chooser({
        title: (ctx) => `Language: ${ctx.language}`,
        items: [
          { label: 'Hausa', value: 'ha' as const },
          { label: 'English', value: 'en' as const },
          { label: 'Other', value: 'yo' as never },
        ],
        targets: ['menu'],
        next: (item, ctx) => {
          ctx.setLanguage(item.value ?? 'en');
          return ctx.go('menu');
        },
      }),
      name: input({
        text: { en: 'Your name?', ha: 'Sunanka?' },
        validate: z.string().min(2),
        targets: ['hello'],
        next: (name, ctx) => {
          ctx.state.name = name;
          return ctx.go('hello');
        },
      }),
      hello: info({
        text: (ctx) =>
          ctx.language === 'ha'
            ? `Sannu ${ctx.state.name}`
            : { en: `Hello ${ctx.state.name}`, ha: '' },
      }),
    }),
  });

describe('languages', () => {
  it('starts in the first language and shows each text record in it', async () => {
    const phone = gateway(shop());
    expect(screenOf(await phone.dial())).toBe('Welcome\n1. Your name\n2. Hausa\n3. English');
    expect(screenOf(await phone.send('1'))).toBe('Your name?');
    expect(screenOf(await phone.send('Ada'))).toBe('Hello Ada');
  });

  it('starts in the language language(event) picks, async, from the event', async () => {
    const seen: string[] = [];
    const app = shop({
      language: async (event) => {
        seen.push(event.msisdn);
        return 'ha';
      },
    });
    const phone = gateway(app);
    expect(screenOf(await phone.dial())).toBe('Barka da zuwa\n1. Sunanka\n2. Hausa\n3. English');
    expect(seen).toEqual(['+2348030000000']);
    expect(screenOf(await phone.send('1'))).toBe('Sunanka?');
    // The router's own texts and navigation labels come in the session's language too.
    expect(screenOf(await phone.send('A'))).toBe(
      '[ha] Please enter 2 or more characters.\nSunanka?',
    );
    expect(screenOf(await phone.send('Musa'))).toBe('Sannu Musa');
  });

  it('starts in the first language when language(event) gives nothing, a wrong code or fails', async () => {
    const errors: unknown[] = [];
    const none = gateway(shop({ language: () => undefined }));
    expect(screenOf(await none.dial())).toMatch(/^Welcome/);
    const wrong = gateway(shop({ language: () => 'yo', onError: (e) => errors.push(e) }));
    expect(screenOf(await wrong.dial())).toMatch(/^Welcome/);
    const failing = gateway(
      shop({
        language: async () => {
          throw new Error('preferences offline');
        },
        onError: (e) => errors.push(e),
      }),
    );
    expect(screenOf(await failing.dial())).toMatch(/^Welcome/);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toBeInstanceOf(UnknownLanguageError);
    expect(errors[0]).toMatchObject({ language: 'yo', languages: ['en', 'ha'] });
    expect(String(errors[0])).toContain('"yo" is not one of the app\'s languages ("en", "ha")');
    expect(String(errors[1])).toContain('preferences offline');
  });

  it('switches with setLanguage from the next screen on, and keeps it for the session', async () => {
    const phone = gateway(shop());
    await phone.dial();
    // The language screen is shown in English: ctx.language is still "en" there.
    expect(screenOf(await phone.send('2'))).toBe(
      'Language: en\n1. Hausa\n2. English\n3. Other\n0. Back\n00. Home',
    );
    // Its handler switches to Hausa: the screen it goes to is the first in Hausa.
    expect(screenOf(await phone.send('1'))).toBe(
      'Barka da zuwa\n1. Sunanka\n2. Hausa\n3. English\n0. [ha] Back\n00. [ha] Home',
    );
    expect(screenOf(await phone.send('1'))).toBe('Sunanka?');
    expect(screenOf(await phone.send('Musa'))).toBe('Sannu Musa');
  });

  it('lets go and setLanguage be taken off the context and called alone', async () => {
    const app = createApp({
      state: z.object({}),
      languages: ['en', 'fr'],
      start: 'pick',
      screens: ({ chooser, info }) => ({
        pick: chooser({
          title: 'Language',
          items: [{ label: 'Français', value: 'fr' }],
          targets: ['done'],
          next: (item, { go, setLanguage }) => {
            setLanguage(item.value as 'fr');
            return go('done');
          },
        }),
        done: info({
          text: (ctx) => ({ en: `Done in ${ctx.language}`, fr: `Fini : ${ctx.language}` }),
        }),
      }),
    });
    const phone = gateway(app);
    await phone.dial();
    expect(screenOf(await phone.send('1'))).toBe('Fini : fr');
  });

  it('refuses a language the app does not have in setLanguage, with an UnknownLanguageError', async () => {
    const errors: unknown[] = [];
    const phone = gateway(shop({ onError: (e) => errors.push(e) }));
    await phone.dial();
    await phone.send('2');
    expect(screenOf(await phone.send('3'))).toBe(DEFAULT_MESSAGES.unavailable);
    expect(errors).toEqual([expect.any(UnknownLanguageError)]);
  });

  it('answers the router messages in the session language: French built in, Hausa given', async () => {
    const app = (language: 'en' | 'fr') =>
      createApp({
        state: z.object({}),
        languages: ['en', 'fr'],
        language: () => language,
        start: 'amount',
        screens: ({ input, info }) => ({
          amount: input({
            text: { en: 'Amount?', fr: 'Montant ?' },
            validate: z.coerce.number().min(50),
            next: 'done',
          }),
          done: info({ text: { en: 'Done', fr: 'Fait' } }),
        }),
      });
    const french = gateway(app('fr'));
    await french.dial();
    expect(screenOf(await french.send('abc'))).toBe('Veuillez saisir un nombre.\nMontant ?');
    expect(screenOf(await french.send('20'))).toBe('Veuillez saisir 50 ou plus.\nMontant ?');
    const english = gateway(app('en'), 'session-2');
    await english.dial();
    expect(screenOf(await english.send('20'))).toBe('Please enter 50 or more.\nAmount?');
    // The built-in French messages are GSM 7-bit: a French screen keeps its 182 septets.
    for (const text of Object.values(FRENCH_MESSAGES)) {
      expect(text, text).toMatch(/^[\x20-\x7eéèàù]*$/);
    }
  });

  it('takes per-language changes to the messages and labels, and the old flat form', async () => {
    const app = createApp({
      state: z.object({}),
      languages: ['fr', 'en'],
      messages: { fr: { backLabel: 'Précédent' }, en: { backLabel: 'Previous' } },
      start: 'menu',
      screens: ({ chooser, info }) => ({
        menu: chooser({ title: 'Menu', items: [{ label: 'Suite', next: 'next' }] }),
        next: chooser({ title: 'Encore', items: [{ label: 'Fin', next: 'end' }] }),
        end: info({ text: 'Fin' }),
      }),
    });
    const phone = gateway(app);
    await phone.dial();
    expect(screenOf(await phone.send('1'))).toBe('Encore\n1. Fin\n0. Précédent\n00. Accueil');
    const flat = createApp({
      state: z.object({}),
      messages: { homeLabel: 'Start' },
      start: 'menu',
      screens: ({ chooser, info }) => ({
        menu: chooser({ title: 'Menu', items: [{ label: 'On', next: 'next' }] }),
        next: chooser({ title: 'Next', items: [{ label: 'End', next: 'end' }] }),
        end: info({ text: 'End' }),
      }),
    });
    const other = gateway(flat, 'session-2');
    await other.dial();
    expect(screenOf(await other.send('1'))).toBe('Next\n1. End\n0. Back\n00. Start');
  });

  it('answers an expired session in the first language, a changed flow in the session one', async () => {
    const store = memoryStore();
    const v1 = createApp({
      state: z.object({}),
      languages: ['en', 'ha'],
      messages: { ha: hausaMessages },
      language: () => 'ha',
      store,
      start: 'ask',
      screens: ({ input, info }) => ({
        ask: input({ text: { en: 'Name?', ha: 'Suna?' }, next: 'bye' }),
        bye: info({ text: 'Bye' }),
      }),
    });
    expect(screenOf(await gateway(v1).dial())).toBe('Suna?');
    // A deploy changed the flow under the session: its answer is in the session's language.
    const v2 = createApp({
      state: z.object({}),
      languages: ['en', 'ha'],
      messages: { ha: hausaMessages },
      store,
      start: 'other',
      screens: ({ info }) => ({ other: info({ text: 'Other' }) }),
    });
    expect(screenOf(await gateway(v2).send('Musa'))).toBe(`[ha] ${DEFAULT_MESSAGES.flowChanged}`);
    // No session, so no language of its own: the first language.
    expect(screenOf(await gateway(v2, 'nobody').send('1'))).toBe(DEFAULT_MESSAGES.expired);
  });

  it('fails createApp naming the screen and the language of a Hausa text over the UCS-2 limit', () => {
    // 99 characters, and ɗ is not GSM 7-bit: the Hausa screen is UCS-2, whose limit is 80.
    const hausa = 'Barka da zuwa shagon ɗan kasuwa. '.repeat(3).trim();
    const error = problemsOf(() =>
      createApp({
        state: z.object({}),
        languages: ['en', 'ha'],
        messages: { ha: hausaMessages },
        start: 'welcome',
        screens: ({ info }) => ({
          welcome: info({ text: { en: 'Welcome to the trader shop.', ha: hausa } }),
        }),
      }),
    );
    expect(error.problems).toEqual([
      'screen "welcome": text in "ha" is 98 UCS-2 characters (limit 80)',
    ]);
    expect(error.tooLong).toEqual([
      { screen: 'welcome', part: 'text', language: 'ha', encoding: 'UCS2', length: 98, limit: 80 },
    ]);
  });

  it('measures static menus with each language labels, and the router messages, in every language', () => {
    const error = problemsOf(() =>
      createApp({
        state: z.object({}),
        languages: ['en', 'ha'],
        messages: { ha: { ...hausaMessages, busy: 'ƙ'.repeat(81) } },
        start: 'menu',
        screens: ({ chooser, info }) => ({
          menu: chooser({
            title: { en: 'Menu', ha: `Zaɓi ${'a'.repeat(60)}` },
            items: [{ label: { en: 'Leave', ha: 'Fita' }, next: 'bye' }],
          }),
          bye: info({ text: 'Bye' }),
        }),
      }),
    );
    expect(error.problems).toEqual([
      'screen "menu": item "Fita" in "ha" with the title and navigation is 114 UCS-2 characters (limit 80)',
      'messages.busy in "ha" is 81 UCS-2 characters (limit 80)',
    ]);
    expect(error.tooLong.map(({ screen, part, language }) => [screen, part, language])).toEqual([
      ['menu', 'item "Fita"', 'ha'],
      [undefined, 'messages.busy', 'ha'],
    ]);
  });

  it('reports a record without a language, and a language without router messages', () => {
    const error = problemsOf(() =>
      createApp({
        state: z.object({}),
        languages: ['en', 'ha', 'yo'],
        // Built untyped on purpose: the types ask for both of these.
        messages: { ha: { unavailable: 'Babu' } } as never,
        start: 'bye',
        screens: ({ info }) => ({ bye: info({ text: { en: 'Bye', ha: 'Sai an jima' } as never }) }),
      }),
    );
    expect(error.problems).toEqual([
      'screen "bye": the text has no "yo" (a text record needs a string for each language: "en", "ha", "yo")',
      expect.stringMatching(
        /^messages\.ha lacks processUnavailable, flowChanged, .*, resumeNo: the router has no texts of its own in "ha", so give every message$/,
      ),
      expect.stringMatching(
        /^no router messages for "yo": the router has its own only for "en", "fr", so give `messages\.yo` with every message/,
      ),
    ]);
  });

  it('reports messages that mix languages and message names, or name neither', () => {
    const mixed = problemsOf(() =>
      createApp({
        state: z.object({}),
        languages: ['en', 'fr'],
        messages: { fr: { busy: 'Occupé' }, busy: 'Busy' } as never,
        start: 'bye',
        screens: ({ info }) => ({ bye: info({ text: 'Bye' }) }),
      }),
    );
    expect(mixed.problems).toEqual([
      'messages: mixes languages ("fr") and message names ("busy"); give them per language',
    ]);
    const unknown = problemsOf(() =>
      createApp({
        state: z.object({}),
        messages: { ha: { busy: 'x' } } as never,
        start: 'bye',
        screens: ({ info }) => ({ bye: info({ text: 'Bye' }) }),
      }),
    );
    expect(unknown.problems).toEqual([
      'messages: "ha" is neither a language of the app ("en") nor a message name',
    ]);
  });
});
