// Languages: every text in English and French, the customer's choice kept with the session.
import { catalogue, createApp } from '@ussdkit/router';
import { z } from 'zod';

// One file per language in a real app: catalogue({ en: enJson, fr: frJson }) with JSON imports.
const t = catalogue({
  en: { welcome: 'Welcome', balance: 'You have NGN {amount}.' },
  fr: { welcome: 'Bienvenue', balance: 'Vous avez {amount} NGN.' },
});

/** Stands for the preferences you keep per customer (a database table). */
export const preferences = new Map<string, 'en' | 'fr'>();

export const app = createApp({
  state: z.object({}),
  languages: ['en', 'fr'], // the first is the default
  // The language of a new session (may be async); undefined: the first language.
  language: (event) => preferences.get(event.msisdn),
  start: 'menu',
  screens: ({ chooser, info }) => ({
    menu: chooser({
      title: t('welcome'), // { en: 'Welcome', fr: 'Bienvenue' }
      items: [
        { label: { en: 'My balance', fr: 'Mon solde' }, next: 'balance' },
        { label: { en: 'Language', fr: 'Langue' }, next: 'language' },
      ],
    }),
    language: chooser({
      title: { en: 'Choose a language', fr: 'Choisissez une langue' },
      items: [
        { label: 'English', value: 'en' as const },
        { label: 'French', value: 'fr' as const },
      ],
      targets: ['menu'],
      next: (item, ctx) => {
        const language = item.value ?? 'en';
        ctx.setLanguage(language); // the menu it goes to is the first screen in it
        preferences.set(ctx.msisdn, language);
        return ctx.go('menu');
      },
    }),
    // A text function sees ctx.language, and may return a record too.
    balance: info({ text: (ctx) => t('balance', { amount: ctx.msisdn.endsWith('1') ? 2500 : 0 }) }),
  }),
});
