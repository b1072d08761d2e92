// The router guide's whole programs (docs/router-examples/, quoted by docs/router.md) run against
// the sandbox as a reader would run them: each app served over HTTP on its own port, registered
// in a sandbox with the demo configuration, dialled and answered through the sandbox API. The
// router's own test (packages/router/test/docsExamples.test.ts) runs them in-process; only the
// sandbox knows which process ids, app ids and dial strings exist, and draws the bank's screens.
import { UssdkitClient } from '@ussdkit/client';
import { measureScreen } from '@ussdkit/protocol';
import { DEMO } from '@ussdkit/reference-server';
import type { UssdApp } from '@ussdkit/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { app as asyncTexts } from '../../docs/router-examples/asyncTexts';
import { app as dynamicMenu } from '../../docs/router-examples/dynamicMenu';
import { app as entryPoints } from '../../docs/router-examples/entryPoints';
import { app as firstMenu } from '../../docs/router-examples/firstMenu';
import { app as flows } from '../../docs/router-examples/flows';
import { app as inputs } from '../../docs/router-examples/inputs';
import { app as languages } from '../../docs/router-examples/languages';
import { app as longTexts } from '../../docs/router-examples/longTexts';
import { app as payments } from '../../docs/router-examples/payments';
import { bills, shop } from '../../docs/router-examples/redirects';
import { app as resume } from '../../docs/router-examples/resume';
import { app as splitFiles } from '../../docs/router-examples/splitFiles';
import { app as validationMessages } from '../../docs/router-examples/validationMessages';
import {
  type AppsOnSandbox,
  type SandboxPhone,
  type SessionReport,
  serveOnSandbox,
} from './serveOnSandbox';

const dial = `*384*${DEMO.appCode}#`;
const msisdn = '+2348030000001';

const running: AppsOnSandbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
});

/** A sandbox where `demo-app` (dialled `*384*1#`) is the given app. */
async function demoApp(app: UssdApp<unknown>): Promise<AppsOnSandbox> {
  const sandbox = await serveOnSandbox([{ appId: DEMO.appId, app }]);
  running.push(sandbox);
  return sandbox;
}

describe('docs/router-examples on the sandbox', () => {
  it('firstMenu: menu, amount with its validation message, thanks', async () => {
    const phone = (await demoApp(firstMenu)).phone(msisdn);
    expect((await phone.dial(dial)).screen).toBe(
      'Welcome to Airtime Shop\n1. Buy airtime\n2. Help',
    );
    expect((await phone.send('1')).screen).toBe('Enter amount (NGN)');
    expect((await phone.send('20')).screen).toBe('Minimum is 50 NGN\nEnter amount (NGN)');
    expect(await phone.send('500')).toMatchObject({
      open: false,
      screen: 'You will receive 500 NGN of airtime.',
    });
    expect(await phone.report()).toMatchObject({ closeReason: 'End' });
  });

  it('inputs: a function validator, a schema, a secret PIN', async () => {
    const phone = (await demoApp(inputs)).phone(msisdn);
    expect((await phone.dial(dial)).screen).toBe('Phone number to top up?');
    expect((await phone.send('0803')).screen).toBe(
      'Enter 11 digits, like 0803…\nPhone number to top up?',
    );
    expect((await phone.send('08030000000')).screen).toBe('Amount in NGN?');
    expect((await phone.send('lots')).screen).toBe('Please enter a number.\nAmount in NGN?');
    expect((await phone.send('20')).screen).toBe('The minimum is NGN 50\nAmount in NGN?');
    expect((await phone.send('500')).screen).toBe('Your 4-digit PIN');
    expect((await phone.send('12')).screen).toBe('Four digits please\nYour 4-digit PIN');
    expect(await phone.send('1234')).toMatchObject({
      open: false,
      screen: 'NGN 500 sent to 08030000000.',
    });
  });

  it('validationMessages: the reworded texts, and the schema’s own message', async () => {
    const phone = (await demoApp(validationMessages)).phone(msisdn);
    expect((await phone.dial(dial)).screen).toBe('Amount in NGN?');
    expect((await phone.send('abc')).screen).toBe('Digits only, like 500.\nAmount in NGN?');
    expect((await phone.send('20')).screen).toBe(
      'The least you can send is NGN 50.\nAmount in NGN?',
    );
    expect((await phone.send('5000000')).screen).toBe('At most NGN 100000 a day\nAmount in NGN?');
    expect(await phone.send('500')).toMatchObject({ open: false, screen: 'Sending NGN 500.' });
  });

  it('asyncTexts: the awaited title, text and session tag', async () => {
    const phone = (await demoApp(asyncTexts)).phone('+2348030000010'); // ends in 0: funded
    expect((await phone.dial(dial)).screen).toBe(
      'Hi there, you have NGN 2500\n1. Buy airtime\n2. Help',
    );
    expect((await phone.send('1')).screen).toBe('NGN 2500 can buy airtime.');
    expect(await phone.report()).toMatchObject({ closeReason: 'End', sessionTag: 'funded' });
  });

  it('languages: the choice switches the next screen, and the next dial starts in it', async () => {
    const sandbox = await demoApp(languages);
    const phone = sandbox.phone('+2348030000021'); // ends in 1: a balance of 2500
    expect((await phone.dial(dial)).screen).toBe('Welcome\n1. My balance\n2. Language');
    expect((await phone.send('2')).screen).toBe(
      'Choose a language\n1. English\n2. French\n0. Back\n00. Home',
    );
    expect((await phone.send('2')).screen).toBe(
      'Bienvenue\n1. Mon solde\n2. Langue\n0. Retour\n00. Accueil',
    );
    expect(await phone.send('1')).toMatchObject({ open: false, screen: 'Vous avez 2500 NGN.' });
    expect((await phone.dial(dial)).screen).toBe('Bienvenue\n1. Mon solde\n2. Langue');
  });

  it('resume: a session the sandbox timed out is offered back on the next dial', async () => {
    const sandbox = await demoApp(resume);
    const phone = sandbox.phone(msisdn);
    expect((await phone.dial(dial)).screen).toBe('Meter number?');
    expect((await phone.send('12345')).screen).toBe('Your bill is NGN 7500. PIN to pay?');
    // Past the 120 s session limit on the sandbox clock, the gateway closes it with Timeout.
    await sandbox.call('POST', '/sandbox/clock/advance', { seconds: 121 });
    expect(await phone.report()).toMatchObject({ closeReason: 'Timeout' });
    expect((await phone.dial(dial)).screen).toBe('Continue where you left off?\n1. Yes\n2. No');
    expect((await phone.send('1')).screen).toBe('Your bill is NGN 7500. PIN to pay?');
    expect(await phone.send('1234')).toMatchObject({
      open: false,
      screen: 'Paid NGN 7500 for meter 12345.',
    });
  });

  it('longTexts: pages of the purchases within the limit, the last one ending the session', async () => {
    const sandbox = await demoApp(longTexts);
    const phone = sandbox.phone(msisdn);
    await phone.dial(dial);
    const first = await phone.send('1');
    expect(first.screen).toMatch(/^1 May: NGN 100 to \+2348030000001; .*\n98\. More$/s);
    // The gateway takes only the page's keys: anything else is asked again without the app.
    expect((await phone.send('5')).screen).toBe(`Invalid choice. Try again.\n${first.screen}`);
    const second = await phone.send('98');
    expect(second.screen).toMatch(/\n98\. More\n0\. Back$/);
    expect((await phone.send('0')).screen).toBe(first.screen);
    await phone.send('98');
    const last = await phone.send('98');
    expect(last).toMatchObject({ open: false });
    expect(last.screen).toMatch(/12 May: NGN 1200 to \+2348030000001\.$/);
    for (const screen of [first, second, last].map((shown) => shown.screen)) {
      expect(measureScreen(screen).fits).toBe(true);
    }
    // The prompt's pages are inputs: an answer typed on the first page is taken.
    const buyer = sandbox.phone('+2348030000002');
    await buyer.dial(dial);
    expect((await buyer.send('2')).screen).toMatch(/^Top-ups to .*\n98\. More$/s);
    expect((await buyer.send('98')).screen).toMatch(/Amount in NGN\?\n0\. Back$/);
    expect((await buyer.send('0')).screen).toMatch(/\n98\. More$/);
    expect(await buyer.send('500')).toMatchObject({
      open: false,
      screen: 'NGN 500 is on its way.',
    });
  });

  it('dynamicMenu: the computed bundles, the gateway re-asking, the chosen value', async () => {
    const phone = (await demoApp(dynamicMenu)).phone(msisdn);
    const bundles = 'Pick a bundle\n1. 1 GB data N500\n2. 2 GB data N900';
    expect((await phone.dial(dial)).screen).toBe(bundles);
    expect((await phone.send('3')).screen).toBe(`Invalid choice. Try again.\n${bundles}`);
    expect(await phone.send('2')).toMatchObject({
      open: false,
      screen: 'You picked data-2gb for N900.',
    });
  });

  it('flows: one mount called from two places, back out of it, its result at the caller', async () => {
    const sandbox = await demoApp(flows);
    const phone = sandbox.phone(msisdn);
    expect((await phone.dial(dial)).screen).toBe('Shop\n1. Airtime NGN 100\n2. Data NGN 500');
    const confirm = 'Pay NGN 500 for 1 GB data?\n1. Confirm\n2. Cancel\n0. Back\n00. Home';
    expect((await phone.send('2')).screen).toBe(confirm);
    expect((await phone.send('0')).screen).toBe('Shop\n1. Airtime NGN 100\n2. Data NGN 500');
    expect((await phone.send('2')).screen).toBe(confirm);
    expect((await phone.send('1')).screen).toBe('Your 4-digit PIN');
    expect(await phone.send('1234')).toMatchObject({ open: false, screen: 'Paid, ref REF-500.' });
    const other = sandbox.phone('+2348030000002');
    await other.dial(dial);
    await other.send('1');
    expect(await other.send('2')).toMatchObject({ open: false, screen: 'Not paid (cancelled).' });
  });

  it('splitFiles: screens declared outside createApp', async () => {
    const phone = (await demoApp(splitFiles)).phone(msisdn);
    expect((await phone.dial(dial)).screen).toBe('Menu\n1. Airtime');
    expect((await phone.send('1')).screen).toBe('Amount?');
    expect(await phone.send('500')).toMatchObject({ open: false, screen: 'Sent 500 NGN' });
  });

  it('entryPoints: the dial segments of the comment, and a push with its contextData', async () => {
    const sandbox = await demoApp(entryPoints);
    const phone = sandbox.phone(msisdn);
    expect((await phone.dial(dial)).screen).toBe('Menu\n1. Airtime\n2. Help');
    expect((await phone.dial('*384*1*5#')).screen).toBe('Airtime (you came by Dial)');
    expect((await phone.dial('*384*1*6*1#')).screen).toBe('Help line: 0800 000 0000');

    const client = new UssdkitClient({
      baseUrl: sandbox.sandbox.url,
      clientId: DEMO.clientId,
      clientSecret: DEMO.clientSecret,
    });
    const { sessionId } = await client.ussd.push({
      appId: DEMO.appId,
      msisdn,
      contextData: JSON.stringify({ orderId: 'A-42' }),
    });
    // The push answers at once; the gateway then starts the session with the app.
    const report = await vi.waitFor(
      async () => {
        const session = await sandbox.call<SessionReport>('GET', `/sandbox/sessions/${sessionId}`);
        if (session.open) throw new Error('the pushed session is still open');
        return session;
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(report.transcript.map((line) => line.text)).toContain('screen: Order A-42 is ready.');
  });

  describe('payments', () => {
    // confirm-identity's question, then the gateway's bank dialog (docs/gateway.md, "Merchant
    // payment") with GTBank's only account.
    const start = async (phone: SandboxPhone, dateOfBirth: string) => {
      expect((await phone.dial(dial)).screen).toBe('Amount to pay?');
      expect((await phone.send('500')).screen).toBe(
        'Confirm your identity\nEnter your date of birth (DDMMYYYY):',
      );
      return phone.send(dateOfBirth);
    };
    const pay = async (phone: SandboxPhone, pin: string) => {
      expect((await start(phone, '15061990')).screen).toBe(
        'Pay NGN 500 to SHOP-01\nChoose your bank:\n1. Access Bank\n2. GTBank\n3. Zenith Bank',
      );
      expect((await phone.send('2')).screen).toBe(
        'Pay NGN 500 to SHOP-01\nChoose your GTBank account:\n1. 0581234567',
      );
      expect((await phone.send('1')).screen).toBe(
        'Pay NGN 500 to SHOP-01 from 0581234567\nEnter your PIN:',
      );
      return phone.send(pin);
    };

    it('confirm-identity checks the date of birth on file, then the demo PIN pays', async () => {
      const phone = (await demoApp(payments)).phone(msisdn);
      expect(await pay(phone, '1234')).toMatchObject({
        open: false,
        screen: 'Payment received. Thank you!',
      });
      expect(await phone.report()).toMatchObject({ closeReason: 'End', sessionTag: 'checkout' });
    });

    it('another date of birth is never asked to pay; a wrong PIN fails the payment', async () => {
      const sandbox = await demoApp(payments);
      expect(await start(sandbox.phone(msisdn), '01011990')).toMatchObject({
        open: false,
        screen: 'Not paid: identity not confirmed.',
      });
      expect((await pay(sandbox.phone('+2348030000002'), '0000')).screen).toBe(
        'Not paid: AuthenticationFailed.',
      );
    });
  });

  it('redirects: the shop hands the session to bills-app and reads its receipt', async () => {
    // The destination's appId is the shop's destinationAppId.
    const sandbox = await serveOnSandbox([
      { appId: DEMO.appId, app: shop },
      { appId: 'bills-app', app: bills },
    ]);
    running.push(sandbox);
    const phone = sandbox.phone(msisdn);
    expect((await phone.dial(dial)).screen).toBe('Shop\n1. Pay a bill');
    expect(await phone.send('1')).toMatchObject({
      open: false,
      screen: 'Bill paid, receipt R-0412.',
    });
    const events = (await phone.report()).transcript.map((line) => line.text);
    expect(events).toContainEqual(expect.stringMatching(/^new bills-app .*"pay-electricity"/));

    const direct = sandbox.phone('+2348030000002');
    expect((await direct.dial(sandbox.dials['bills-app'] ?? '')).screen).toBe(
      'Bills: dial *384*1# and choose Pay a bill.',
    );
  });

  it('production: the token from USSD_APP_TOKEN is checked, onEvent logs the session', async () => {
    // The example reads process.env when it is loaded: give it the demo app's token first.
    vi.stubEnv('USSD_APP_TOKEN', DEMO.authToken);
    const logged = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const { app } = await import('../../docs/router-examples/production');
      const sandbox = await demoApp(app);
      const phone = sandbox.phone(msisdn);
      expect((await phone.dial(dial)).screen).toBe('Your name?');
      expect(await phone.send('Ada')).toMatchObject({ open: false, screen: 'Hello Ada!' });
      // The app hears `close` once the phone has the last screen: its session.end comes after.
      await vi.waitFor(() => {
        const events = logged.mock.calls.map(([line]) => JSON.parse(String(line)).type);
        expect(events).toEqual(
          expect.arrayContaining(['session.start', 'screen.shown', 'input', 'session.end']),
        );
      });

      // A gateway that sends another token is refused.
      await sandbox.call('PATCH', `/sandbox/apps/${DEMO.appId}`, { authToken: 'not-the-token' });
      await expect(sandbox.phone('+2348030000002').dial(dial)).rejects.toThrow(
        /answered 401 to \/ussdSessionEvent\/new: the token does not match/,
      );
    } finally {
      logged.mockRestore();
      vi.unstubAllEnvs();
    }
  });
});
