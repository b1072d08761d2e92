import { UssdkitClient } from '@ussdkit/client';
import { createUpstreamValidator } from '@ussdkit/protocol/contract';
import { createHarness, type HarnessSession } from '@ussdkit/testing';
import { serviceHandlers } from '@ussdkit/testing/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createShopApp } from '../src/app';
import { pendingOrders } from '../src/Order';
import { languagePreferences, t } from '../src/texts';

// The shop in English and Pidgin, driven in-process by the harness; the service is mocked at
// the network edge with the msw handlers of @ussdkit/testing.
const baseUrl = 'https://service.test';
const server = setupServer(...serviceHandlers({ baseUrl }));
const client = new UssdkitClient({ baseUrl, clientId: 'demo-client', clientSecret: 'demo-secret' });
const preferences = languagePreferences();
const app = createShopApp({
  client,
  pending: pendingOrders(),
  preferences,
  merchantCode: 'SHOP-01',
  authToken: 'token',
});
const upstream = createUpstreamValidator();
const sessions: HarnessSession[] = [];

async function dial(msisdn: string): Promise<HarnessSession> {
  const session = await createHarness(app, { authToken: 'token', msisdn }).dial('*384*1#');
  sessions.push(session);
  return session;
}

/** Every page of the help: 98 until the session ends, each page checked to fit the phone. */
async function readHelp(session: HarnessSession): Promise<string[]> {
  const pages = [session.screen];
  session.expectScreenFits();
  while (session.open && pages.length < 10) {
    await session.type('98');
    session.expectScreenFits();
    pages.push(session.screen);
  }
  return pages;
}

/** A page without its key lines. */
const text = (page: string) => page.replace(/(\n98\. More)?(\n0\. Back)?$/, '');

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  for (const session of sessions.splice(0)) {
    for (const answer of session.answers) expect(upstream.appResponse(answer).errors).toEqual([]);
  }
});
afterAll(() => server.close());

describe('airtime shop in English and Pidgin', () => {
  it('switches to Pidgin from the language menu: texts, validation messages, failure causes', async () => {
    const session = await dial('+2348034000001');
    await session.pick('Language');
    session.expectScreen('Choose your language\n1. English\n2. Pidgin\n0. Back\n00. Home');
    await session.pick('Pidgin');
    session.expectScreen(
      'Airtime Shop\n1. Buy credit\n2. Buy data\n3. How e dey work\n4. Change language\n0. Back\n00. Home',
    );
    await session.pick('Buy credit');
    session.expectScreen('How much airtime you wan buy? NGN 50 to 20000');
    await session.type('plenty');
    session.expectScreen('Put number, like 500\nHow much airtime you wan buy? NGN 50 to 20000');
    await session.type('20');
    session.expectScreen('The smallest na NGN 50\nHow much airtime you wan buy? NGN 50 to 20000');
    await session.type('250');
    await session.pick('Pay from my bank account');
    await session.paymentResult('Failure', 'InsufficientBalance');
    session.expectScreen('Payment no work: money no reach for the account.').expectClosed('End');
  });

  it('starts the next session of that number in Pidgin (language(event)), others in English', async () => {
    const chooser = await dial('+2348034000002');
    await chooser.pick('Language');
    await chooser.pick('Pidgin');
    expect(preferences.get('+2348034000002')).toBe('pcm');
    const again = await dial('+2348034000002');
    again.expectScreen(/^Airtime Shop\n1\. Buy credit\n/);
    const other = await dial('+2348034000003');
    other.expectScreen('Airtime Shop\n1. Buy airtime\n2. Buy data\n3. Help\n4. Language');
    // And back to English: the choice is the customer's to change.
    await again.pick('Change language');
    again.expectScreen('Pick your language\n1. English\n2. Pidgin\n0. Back\n00. Home');
    await again.pick('English');
    again.expectScreen(/^Airtime Shop\n1\. Buy airtime\n/);
    expect(preferences.get('+2348034000002')).toBe('en');
  });

  it('shows the help in pages within the limit: 98 for more, 0 for back, the last page ends', async () => {
    const msisdn = '+2348034000004';
    const session = await dial(msisdn);
    await session.pick('Help');
    session.expectScreen(
      /^Airtime Shop sells airtime and data for \+2348034000004, .*\n98\. More$/s,
    );
    const first = session.screen;
    await session.type('98');
    session.expectScreen(/\n98\. More\n0\. Back$/);
    await session.type('0');
    session.expectScreen(first);
    const pages = [first, ...(await readHelp(session)).slice(1)];
    expect(pages.length).toBeGreaterThanOrEqual(3);
    session.expectClosed('End');
    expect(pages.map(text).join(' ')).toBe(t('help', { msisdn }).en);
  });

  it('pages the help in Pidgin too', async () => {
    const msisdn = '+2348034000005';
    preferences.set(msisdn, 'pcm');
    const session = await dial(msisdn);
    await session.pick('How e dey work');
    const pages = await readHelp(session);
    session.expectClosed('End');
    expect(pages.map(text).join(' ')).toBe(t('help', { msisdn }).pcm);
  });
});
