import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionCommand } from '@ussdkit/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import type { UssdApp } from '../src/index';
import { gateway, screenOf } from './gateway';

// The guide's examples live in docs/router-examples (type-checked by this package's tsconfig).
// Copied beside this package, their `@ussdkit/router` import resolves to the package itself.
const source = join(import.meta.dirname, '../../../docs/router-examples');
const dir = mkdtempSync(join(import.meta.dirname, '.examples-'));
cpSync(source, dir, { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const load = async (file: string) =>
  (await import(join(dir, file))) as Record<string, UssdApp<unknown> | unknown>;

describe('docs/router-examples', () => {
  it.each(readdirSync(source).filter((file) => file.endsWith('.ts')))(
    '%s compiles into apps without a FlowDefinitionError',
    async (file) => {
      const apps = Object.values(await load(file)).filter(
        (value): value is UssdApp<unknown> =>
          typeof value === 'object' && value !== null && 'handle' in value,
      );
      expect(apps.length).toBeGreaterThan(0);
      for (const app of apps) expect(app.flowVersion).toMatch(/^[0-9a-f]{28}$/);
    },
  );

  it('docs/router.md, docs/languages.md, docs/resume.md and docs/flows.md quote every example file verbatim', () => {
    const guide = ['router.md', 'languages.md', 'resume.md', 'flows.md']
      .map((name) => readFileSync(join(source, '..', name), 'utf8'))
      .join('\n');
    for (const file of readdirSync(source).filter((name) => name.endsWith('.ts'))) {
      const text = readFileSync(join(source, file), 'utf8').trimEnd();
      expect(guide, `${file} is not quoted as it is`).toContain(`\`\`\`ts\n${text}\n\`\`\``);
    }
  });

  it('firstMenu runs as the guide says', async () => {
    const { app } = (await load('firstMenu.ts')) as { app: UssdApp<unknown> };
    const phone = gateway(app);
    expect(screenOf(await phone.dial())).toBe('Welcome to Airtime Shop\n1. Buy airtime\n2. Help');
    expect(screenOf(await phone.send('1'))).toBe('Enter amount (NGN)');
    expect(screenOf(await phone.send('20'))).toBe('Minimum is 50 NGN\nEnter amount (NGN)');
    expect(screenOf(await phone.send('500'))).toBe('You will receive 500 NGN of airtime.');
  });

  it("firstMenu's raw event, the demo app's dial, answers the menu", async () => {
    const { example } = (await load('firstMenu.ts')) as { example: () => Promise<unknown> };
    const body = (await example()) as SessionCommand;
    expect(screenOf(body)).toBe('Welcome to Airtime Shop\n1. Buy airtime\n2. Help');
  });

  it('dynamicMenu gives the chosen item its typed value', async () => {
    const { app } = (await load('dynamicMenu.ts')) as { app: UssdApp<unknown> };
    const phone = gateway(app);
    expect(screenOf(await phone.dial())).toBe(
      'Pick a bundle\n1. 1 GB data N500\n2. 2 GB data N900',
    );
    expect(screenOf(await phone.send('2'))).toBe('You picked data-2gb for N900.');
  });

  it('payments runs confirm-identity first, then pays only a confirmed customer', async () => {
    const { app } = (await load('payments.ts')) as { app: UssdApp<unknown> };
    const phone = gateway(app);
    await phone.dial();
    const verify = await phone.send('500');
    expect(verify.action).toEqual({
      type: 'RunProcess',
      process: {
        type: 'EmbeddedProcess',
        processId: 'confirm-identity',
        params: { dateOfBirth: '15061990' },
      },
    });
    const pay = await phone.result({
      type: 'EmbeddedProcessResult',
      resultParams: { verified: 'true', dateOfBirth: '15061990' },
    });
    if (pay.action.type !== 'RunProcess' || pay.action.process.type !== 'MerchantPaymentProcess') {
      throw new Error('expected a merchant payment');
    }
    const { operationId } = pay.action.process;
    const failed = await phone.result({
      type: 'MerchantPaymentResult',
      operationId,
      status: { type: 'Failure', cause: { type: 'InsufficientBalance' } },
    });
    expect(screenOf(failed)).toBe('Not paid: InsufficientBalance.');

    const refused = gateway(app, 'session-2');
    await refused.dial();
    await refused.send('500');
    const notConfirmed = await refused.result({
      type: 'EmbeddedProcessResult',
      resultParams: { verified: 'false', dateOfBirth: '01011990' },
    });
    expect(screenOf(notConfirmed)).toBe('Not paid: identity not confirmed.');
  });

  it('asyncTexts awaits the title, session tag and text', async () => {
    const { app } = (await load('asyncTexts.ts')) as { app: UssdApp<unknown> };
    const phone = gateway(app);
    const menu = await phone.dial();
    expect(screenOf(menu)).toBe('Hi there, you have NGN 2500\n1. Buy airtime\n2. Help');
    expect(menu.sessionTag).toBe('funded');
    expect(screenOf(await phone.send('1'))).toBe('NGN 2500 can buy airtime.');
  });

  it("inputs shows plain validation messages, or the schema's own", async () => {
    const { app } = (await load('inputs.ts')) as { app: UssdApp<unknown> };
    const phone = gateway(app);
    await phone.dial();
    expect(screenOf(await phone.send('0803'))).toBe(
      'Enter 11 digits, like 0803…\nPhone number to top up?',
    );
    expect(screenOf(await phone.send('08030000000'))).toBe('Amount in NGN?');
    expect(screenOf(await phone.send('lots'))).toBe('Please enter a number.\nAmount in NGN?');
    expect(screenOf(await phone.send('20'))).toBe('The minimum is NGN 50\nAmount in NGN?');
    expect(screenOf(await phone.send('500'))).toBe('Your 4-digit PIN');
    expect(screenOf(await phone.send('12'))).toBe('Four digits please\nYour 4-digit PIN');
  });

  it("validationMessages uses the reworded texts, and the schema's own message", async () => {
    const { app } = (await load('validationMessages.ts')) as { app: UssdApp<unknown> };
    const phone = gateway(app);
    await phone.dial();
    expect(screenOf(await phone.send('abc'))).toBe('Digits only, like 500.\nAmount in NGN?');
    expect(screenOf(await phone.send('20'))).toBe(
      'The least you can send is NGN 50.\nAmount in NGN?',
    );
    expect(screenOf(await phone.send('5000000'))).toBe('At most NGN 100000 a day\nAmount in NGN?');
    expect(screenOf(await phone.send('500'))).toBe('Sending NGN 500.');
  });

  it('redirects: the shop and the bills app talk through Redirect and ReturnFromRedirect', async () => {
    const { shop, bills } = (await load('redirects.ts')) as Record<string, UssdApp<unknown>>;
    if (shop === undefined || bills === undefined) throw new Error('missing apps');
    const customer = gateway(shop, 'shop-1');
    await customer.dial();
    const away = await customer.send('1');
    if (away.action.type !== 'Redirect') throw new Error('expected a redirect');
    const other = gateway(bills, 'bills-1');
    const back = await other.start({ type: 'Redirect', process: away.action.process });
    if (back.action.type !== 'ReturnFromRedirect') throw new Error('expected a return');
    const receipt = await customer.result({
      type: 'ReturnFromRedirectResult',
      resultParams: back.action.resultParams,
    });
    expect(screenOf(receipt)).toBe('Bill paid, receipt R-0412.');
  });
  it('languages shows each session in its language, and keeps the choice for the next dial', async () => {
    const { app, preferences } = (await load('languages.ts')) as {
      app: UssdApp<unknown>;
      preferences: Map<string, string>;
    };
    const phone = gateway(app);
    expect(screenOf(await phone.dial())).toBe('Welcome\n1. My balance\n2. Language');
    await phone.send('2');
    expect(screenOf(await phone.send('2'))).toBe(
      'Bienvenue\n1. Mon solde\n2. Langue\n0. Retour\n00. Accueil',
    );
    expect(screenOf(await phone.send('1'))).toBe('Vous avez 0 NGN.');
    expect(preferences.get('+2348030000000')).toBe('fr');
    expect(screenOf(await gateway(app, 'session-2').dial())).toBe(
      'Bienvenue\n1. Mon solde\n2. Langue',
    );
  });

  it('resume offers a dropped session back on the next dial, its screen and state restored', async () => {
    const { app } = (await load('resume.ts')) as { app: UssdApp<unknown> };
    const phone = gateway(app);
    expect(screenOf(await phone.dial())).toBe('Meter number?');
    expect(screenOf(await phone.send('12345'))).toBe('Your bill is NGN 7500. PIN to pay?');
    expect((await phone.close('Timeout')).status).toBe(204);
    const again = gateway(app, 'session-2');
    expect(screenOf(await again.dial())).toBe('Continue where you left off?\n1. Yes\n2. No');
    expect(screenOf(await again.send('1'))).toBe('Your bill is NGN 7500. PIN to pay?');
    expect(screenOf(await again.send('1234'))).toBe('Paid NGN 7500 for meter 12345.');
  });

  it('longTexts pages the purchases and the prompt, and takes an answer on the first page', async () => {
    const { app } = (await load('longTexts.ts')) as { app: UssdApp<unknown> };
    const phone = gateway(app);
    await phone.dial();
    expect(screenOf(await phone.send('1'))).toMatch(/^1 May: NGN 100 to .*\n98\. More$/s);
    expect(screenOf(await phone.send('98'))).toMatch(/\n98\. More\n0\. Back$/);
    const last = await phone.send('98');
    expect(last.action).toMatchObject({ view: { type: 'InfoView' } });
    expect(screenOf(last)).toMatch(/12 May: NGN 1200 to \+2348030000000\.$/);
    const other = gateway(app, 'session-2');
    await other.dial();
    expect(screenOf(await other.send('2'))).toMatch(/^Top-ups to .*\n98\. More$/s);
    expect(screenOf(await other.send('500'))).toBe('NGN 500 is on its way.');
  });
});
