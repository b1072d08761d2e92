import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gateway, screenOf } from '../test/gateway';
import { CatalogueError } from './CatalogueError';
import { catalogue } from './catalogue';
import { createApp } from './createApp';

const en = {
  welcome: 'Welcome',
  menu: { title: 'Main menu', balance: 'Balance: NGN {amount}, {name}' },
};
const fr = {
  welcome: 'Bienvenue',
  menu: { title: 'Menu principal', balance: 'Solde : {amount} NGN, {name}' },
};

describe('catalogue', () => {
  it('gives each key as a record over the languages, nested keys joined by dots', () => {
    const t = catalogue({ en, fr });
    expect(t('welcome')).toEqual({ en: 'Welcome', fr: 'Bienvenue' });
    expect(t('menu.title')).toEqual({ en: 'Main menu', fr: 'Menu principal' });
    expect(t.languages).toEqual(['en', 'fr']);
    expect(t.keys).toEqual(['welcome', 'menu.title', 'menu.balance']);
  });

  it('fills {placeholders} from params, leaving unknown ones as written', () => {
    const t = catalogue({ en, fr });
    expect(t('menu.balance', { amount: 500, name: 'Ada' })).toEqual({
      en: 'Balance: NGN 500, Ada',
      fr: 'Solde : 500 NGN, Ada',
    });
    expect(t('menu.balance', { amount: 1 }).en).toBe('Balance: NGN 1, {name}');
  });

  it('fills a placeholder from the params own properties only, never from inherited members', () => {
    const t = catalogue({
      en: { probe: 'a {constructor} b {toString} c {__proto__} d {hasOwnProperty}' },
    });
    expect(t('probe', { amount: 1 }).en).toBe(
      'a {constructor} b {toString} c {__proto__} d {hasOwnProperty}',
    );
    expect(t('probe', { constructor: 'own' }).en).toBe(
      'a own b {toString} c {__proto__} d {hasOwnProperty}',
    );
  });

  it('fails naming every key missing in a language, and values that are not texts', () => {
    const build = () =>
      catalogue({
        en,
        fr: { welcome: 'Bienvenue', menu: { title: 'Menu principal', extra: 'En plus' } },
        ha: { welcome: 'Barka da zuwa', menu: { title: 7 } } as never,
      });
    expect(build).toThrow(CatalogueError);
    try {
      build();
    } catch (error) {
      const { missing, problems, message } = error as CatalogueError;
      expect(missing).toEqual([
        { key: 'menu.title', language: 'ha' },
        { key: 'menu.balance', language: 'fr' },
        { key: 'menu.balance', language: 'ha' },
        { key: 'menu.extra', language: 'en' },
        { key: 'menu.extra', language: 'ha' },
      ]);
      expect(problems).toEqual(['key "menu.title" in "ha" is not a text (nor an object of texts)']);
      expect(message).toContain('key "menu.balance" is missing in "fr"');
    }
  });

  it('refuses a key it does not have (untyped code)', () => {
    const t = catalogue({ en, fr });
    expect(() => t('nope' as never)).toThrow(/no key "nope" in the catalogue/);
  });

  it('feeds an app: static texts measured in each language, texts computed with params', async () => {
    const t = catalogue({ en, fr });
    const app = createApp({
      state: z.object({}),
      languages: ['en', 'fr'],
      language: () => 'fr',
      start: 'menu',
      screens: ({ chooser, info }) => ({
        menu: chooser({
          title: t('menu.title'),
          items: [{ label: t('welcome'), next: 'balance' }],
        }),
        balance: info({ text: (ctx) => t('menu.balance', { amount: 500, name: ctx.msisdn }) }),
      }),
    });
    const phone = gateway(app);
    expect(screenOf(await phone.dial())).toBe('Menu principal\n1. Bienvenue');
    expect(screenOf(await phone.send('1'))).toBe('Solde : 500 NGN, +2348030000000');
  });
});
