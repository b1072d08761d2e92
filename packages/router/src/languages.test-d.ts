import type { NewSession } from '@ussdkit/protocol';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { RouterMessages } from './AppOptions';
import { catalogue } from './catalogue';
import { createApp, DEFAULT_MESSAGES } from './createApp';
import { screenFactories } from './ScreenFactories';
import type { Translations } from './Translations';

const state = z.object({ name: z.string().optional() });
/** Stands for a complete set of the router's messages in Hausa. */
const hausa: RouterMessages = DEFAULT_MESSAGES;

describe('languages in the types', () => {
  it('takes a record over the languages wherever a text is taken', () => {
    createApp({
      state,
      languages: ['en', 'ha'],
      messages: { ha: hausa },
      start: 'menu',
      navigation: { more: { key: '99', label: { en: 'Next', ha: 'Gaba' } } },
      screens: ({ chooser, input, info }) => ({
        menu: chooser({
          title: { en: 'Welcome', ha: 'Barka da zuwa' },
          sessionTag: { en: 'menu', ha: 'menu' },
          items: [
            { label: { en: 'Name', ha: 'Suna' }, next: 'name' },
            { label: 'OK', next: 'bye' },
          ],
        }),
        name: input({
          text: (ctx) =>
            ctx.language === 'ha' ? 'Sunanka?' : { en: 'Your name?', ha: 'Sunanka?' },
          validate: (value) => (value === '' ? { en: 'Required', ha: 'Dole ne' } : undefined),
          targets: ['bye'],
          next: (name, ctx) => {
            ctx.state.name = name;
            return ctx.go('bye');
          },
        }),
        bye: info({ text: async () => ({ en: 'Bye', ha: 'Sai an jima' }) }),
      }),
    });
  });

  it('requires every language of a record', () => {
    createApp({
      state,
      languages: ['en', 'ha'],
      messages: { ha: hausa },
      start: 'bye',
      screens: ({ info }) => ({
        // @ts-expect-error: the record has no "ha": every language of the app is required
        bye: info({ text: { en: 'Bye' } }),
      }),
    });
    createApp({
      state,
      languages: ['en', 'ha'],
      messages: { ha: hausa },
      start: 'menu',
      screens: ({ chooser, info }) => ({
        menu: chooser({
          title: 'Menu',
          // @ts-expect-error: a label record without "ha"
          items: [{ label: { en: 'Leave' }, next: 'bye' }],
        }),
        bye: info({ text: 'Bye' }),
      }),
    });
    createApp({
      state,
      languages: ['en', 'ha'],
      messages: { ha: hausa },
      start: 'bye',
      screens: ({ info }) => ({
        // @ts-expect-error: "fr" is not a language of the app
        bye: info({ text: { en: 'Bye', ha: 'Sai an jima', fr: 'Au revoir' } }),
      }),
    });
  });

  it('types ctx.language and setLanguage with the languages', () => {
    createApp({
      state,
      languages: ['en', 'ha'],
      messages: { ha: hausa },
      start: 'menu',
      screens: ({ chooser, info }) => ({
        menu: chooser({
          title: (ctx) => {
            expectTypeOf(ctx.language).toEqualTypeOf<'en' | 'ha'>();
            return 'Language';
          },
          items: [
            { label: 'English', value: 'en' as const },
            { label: 'Hausa', value: 'ha' as const },
          ],
          targets: ['bye'],
          next: (item, ctx) => {
            ctx.setLanguage(item.value ?? 'en');
            // @ts-expect-error: "fr" is not one of the app's languages
            ctx.setLanguage('fr');
            return ctx.go('bye');
          },
        }),
        bye: info({ text: 'Bye' }),
      }),
    });
  });

  it('defaults to one language, en', () => {
    createApp({
      state,
      start: 'bye',
      screens: ({ info }) => ({
        bye: info({
          text: (ctx) => {
            expectTypeOf(ctx.language).toEqualTypeOf<'en'>();
            return { en: 'Bye' };
          },
        }),
      }),
    });
    createApp({
      state,
      start: 'bye',
      // @ts-expect-error: without `languages`, a record needs "en" (and only "en")
      screens: ({ info }) => ({ bye: info({ text: { ha: 'Sai an jima' } }) }),
    });
  });

  it('requires the router messages for a language it has none of', () => {
    // @ts-expect-error: "ha" is not built in: `messages` with every message in Hausa is required
    createApp({
      state,
      languages: ['en', 'ha'],
      start: 'bye',
      screens: ({ info }) => ({ bye: info({ text: 'Bye' }) }),
    });
    createApp({
      state,
      languages: ['en', 'ha'],
      // @ts-expect-error: the Hausa set must be complete
      messages: { ha: { unavailable: 'Babu sabis' } },
      start: 'bye',
      screens: ({ info }) => ({ bye: info({ text: 'Bye' }) }),
    });
    // English and French are built in: nothing to give, or only changes.
    createApp({
      state,
      languages: ['fr', 'en'],
      messages: { fr: { unavailable: 'Service indisponible.' } },
      start: 'bye',
      screens: ({ info }) => ({ bye: info({ text: { fr: 'Au revoir', en: 'Bye' } }) }),
    });
  });

  it('types language(event): one of the languages, or undefined', () => {
    createApp({
      state,
      languages: ['en', 'ha'],
      messages: { ha: hausa },
      language: async (event) => {
        expectTypeOf(event).toEqualTypeOf<NewSession>();
        return event.msisdn.endsWith('1') ? 'ha' : undefined;
      },
      start: 'bye',
      screens: ({ info }) => ({ bye: info({ text: 'Bye' }) }),
    });
    createApp({
      state,
      languages: ['en', 'ha'],
      messages: { ha: hausa },
      // @ts-expect-error: "yo" is not one of the app's languages
      language: () => 'yo',
      start: 'bye',
      screens: ({ info }) => ({ bye: info({ text: 'Bye' }) }),
    });
  });

  it('types a catalogue: its keys, and records over its languages', () => {
    const t = catalogue({
      en: { welcome: 'Welcome', menu: { title: 'Menu' } },
      ha: { welcome: 'Barka da zuwa', menu: { title: 'Zaɓi' } },
    });
    expectTypeOf(t('menu.title')).toEqualTypeOf<Translations<'en' | 'ha'>>();
    // @ts-expect-error: no such key
    t('menu.titel');
    createApp({
      state,
      languages: ['en', 'ha'],
      messages: { ha: hausa },
      start: 'bye',
      screens: ({ info }) => ({ bye: info({ text: t('welcome') }) }),
    });
    createApp({
      state,
      languages: ['en', 'ha', 'fr'],
      messages: { ha: hausa },
      start: 'bye',
      // @ts-expect-error: the catalogue has no French file, so its records lack "fr"
      screens: ({ info }) => ({ bye: info({ text: t('welcome') }) }),
    });
  });

  it('types screens declared in other files with the languages', () => {
    const { info } = screenFactories<{ name?: string }, 'en' | 'ha'>();
    info({ text: { en: 'Bye', ha: 'Sai an jima' } });
    // @ts-expect-error: the record lacks "ha"
    info({ text: { en: 'Bye' } });
  });
});
