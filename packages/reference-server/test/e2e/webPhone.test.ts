/**
 * The web phone end to end in a real Chromium (Debian's, driven by playwright-core): dial the
 * demo app, walk to a purchase, see the receipt and the callback, advance the clock, take a
 * pushed session, see a sandbox error, and see why a session aborted (a router app that refuses
 * the token). Saves `test-artifacts/web-phone.png` and `web-phone-aborted.png` at the repo root.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/index';
import { startRouterApp } from '../helpers/routerApp';
import { withoutUuids } from '../helpers/withoutUuids';
import { type ChromiumPage, openChromium, webPhoneOn } from './chromium';
import {
  type DemoApp,
  type Receiver,
  startDemoApp,
  startReceiver,
  startWebSandbox,
  type WebSandbox,
} from './demoUssdApp';

const ARTIFACTS = fileURLToPath(new URL('../../../../test-artifacts/', import.meta.url));
const MSISDN = '+2348030000001';

describe('web phone in Chromium', () => {
  let app: DemoApp;
  let receiver: Receiver;
  let sandbox: WebSandbox;
  let chrome: ChromiumPage | undefined;
  let page: Page;
  /** Script errors and console errors of the page (404s of the error test excepted). */
  const pageErrors: string[] = [];

  /** Waits until `selector` shows `text` (the page polls the sandbox every second). */
  const { see } = webPhoneOn(() => page);
  const textOf = async (selector: string) => (await page.locator(selector).textContent()) ?? '';

  beforeAll(async () => {
    // First: without Chromium the test fails before it starts anything.
    chrome = await openChromium(pageErrors, { width: 1280, height: 860 });
    page = chrome.page;
    app = await startDemoApp();
    receiver = await startReceiver();
    sandbox = await startWebSandbox({ appUrl: app.url, callbackUrl: receiver.url });
  });

  afterAll(async () => {
    await chrome?.close();
    await sandbox?.close();
    await receiver?.close();
    await app?.close();
  });

  it('dials the demo app, walks to a purchase and shows the receipt and the callback', async () => {
    await page.goto(sandbox.url);
    expect(await page.title()).toBe('ussdkit sandbox · web phone');
    expect(await page.inputValue('#entry')).toBe('*384*1#');
    expect(await page.inputValue('#msisdn')).toBe(MSISDN);

    // The keyboard: Enter sends what is typed.
    await page.locator('#entry').press('Enter');
    await see('#screen', 'Airtime shop');
    expect(await textOf('#screen')).toBe('Airtime shop\n1. Buy airtime\n2. Help');
    await see('#session-state', 'open');

    // The keypad: 1, then Send.
    await page.getByRole('button', { name: '1', exact: true }).click();
    await page.getByRole('button', { name: 'Send' }).click();
    await see('#screen', 'Amount in NGN');

    await page.locator('#entry').fill('20');
    await page.locator('#entry').press('Enter');
    await see('#screen', 'Invalid amount.');

    for (const key of ['5', '0', '0']) {
      await page.getByRole('button', { name: key, exact: true }).click();
    }
    expect(await page.inputValue('#entry')).toBe('500');
    await page.getByRole('button', { name: 'Send' }).click();
    await see('#screen', 'Enter your PIN');

    await page.locator('#entry').fill('1234');
    await page.locator('#entry').press('Enter');
    await see('#screen', 'Receipt: NGN 500 airtime paid. Thank you!');
    await see('#session-state', 'closed · End');
    expect(await textOf('#status-state')).toBe('ended');
    expect(await textOf('#session-ticks')).toBe('1');
    expect(await textOf('#session-fee')).toBe('NGN 2');
    expect(await textOf('#session-charged')).toBe(DEMO.clientId);
    await see('#timeline', 'close End');
    const phoneLines = await page.locator('#timeline .from-phone .event-text').allTextContents();
    // The PIN was typed on the gateway's PIN screen: the timeline writes it masked.
    expect(phoneLines).toEqual(['*384*1#', '1', '20', '500', '••••']);

    await see('#callbacks .callback', 'HTTP 200');
    expect(await textOf('#callbacks .callback .op')).toMatch(/^demo-/);
    expect(receiver.received).toEqual([expect.objectContaining({ result: 'Success' })]);
    expect(pageErrors).toEqual([]);
  });

  it('shows the PIN 4821 as it is typed, as a handset does, and nowhere once it is sent', async () => {
    const PIN = '4821';
    await page.locator('#entry').fill('*384*1#');
    await page.locator('#entry').press('Enter');
    await see('#screen', 'Airtime shop');
    await page.locator('#entry').fill('1');
    await page.locator('#entry').press('Enter');
    await see('#screen', 'Amount in NGN');
    await page.locator('#entry').fill('500');
    await page.locator('#entry').press('Enter');
    await see('#screen', 'Enter your PIN');
    expect(await page.getAttribute('#entry', 'data-secret')).toBe('true');
    expect(await page.getAttribute('#entry', 'placeholder')).toBe(
      'Secret: shown as •••• once sent',
    );
    for (const key of PIN) await page.getByRole('button', { name: key, exact: true }).click();
    expect(await page.inputValue('#entry')).toBe(PIN);
    await page.getByRole('button', { name: 'Send' }).click();
    await see('#screen', 'Payment failure: nothing was charged.');
    await see('#timeline', 'close End');
    const phoneLines = await page.locator('#timeline .from-phone .event-text').allTextContents();
    expect(phoneLines).toEqual(['*384*1#', '1', '500', '••••']);

    // Everything the page holds: its text with every wire message opened, its DOM, its fields.
    await page.evaluate(
      "for (const details of document.querySelectorAll('details')) details.open = true",
    );
    const text = (await page.locator('body').textContent()) ?? '';
    const fields = await Promise.all(
      (await page.locator('input').all()).map((field) => field.inputValue()),
    );
    expect(text).toContain('MerchantPaymentResult');
    expect(withoutUuids([text, await page.content(), ...fields].join('\n'))).not.toContain(PIN);
    expect(pageErrors).toEqual([]);
  });

  it('advances the sandbox clock and saves a screenshot', async () => {
    await see('#clock-offset', 'real time');
    await page.getByRole('button', { name: '+5 min' }).click();
    await see('#clock-offset', '+5 min ahead of real time');
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'web-phone.png'), fullPage: true });
  });

  it('shows a pushed session and hangs it up with Escape', async () => {
    const pushed = await fetch(`${sandbox.url}/ussd/app/push`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-client-id': DEMO.clientId,
        'x-client-secret': DEMO.clientSecret,
      },
      body: JSON.stringify({ appId: DEMO.appId, msisdn: MSISDN, contextData: '' }),
    });
    expect(pushed.status).toBe(200);
    await see('#status-state', 'in session');
    expect(await textOf('#screen')).toBe('Airtime shop\n1. Buy airtime\n2. Help');
    await page.locator('#entry').press('Escape');
    await see('#session-state', 'closed · Abandon');
  });

  it('hangs up with Escape pressed while the dial is still on its way', async () => {
    await page.locator('#entry').fill('*384*1#');
    await page.locator('#entry').press('Enter');
    await page.locator('#entry').press('Escape');
    await see('#session-state', 'closed · Abandon');
    await see('#status-state', 'ended');
  });

  // spec, States: "open | application responds with InfoView | closed | message is delivered,
  // then close with reason End"
  it('shows the message of a push whose first screen is an InfoView, then puts it away on Cancel', async () => {
    const pushed = await fetch(`${sandbox.url}/ussd/app/push`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-client-id': DEMO.clientId,
        'x-client-secret': DEMO.clientSecret,
      },
      body: JSON.stringify({ appId: DEMO.appId, msisdn: MSISDN, contextData: 'notice' }),
    });
    expect(pushed.status).toBe(200);
    await see('#screen', 'Your airtime is on its way.');
    expect(await textOf('#status-state')).toBe('ended');
    await see('#session-state', 'closed · End');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await see('#screen', 'Dial a short code and press Send.');
    const phone = await fetch(`${sandbox.url}/sandbox/phones/${encodeURIComponent(MSISDN)}`);
    expect(await phone.json()).toEqual({});
  });

  it('shows the error the sandbox answers', async () => {
    expect(await page.locator('#error').isHidden()).toBe(true);
    await page.locator('#entry').fill('*384*99#');
    await page.locator('#entry').press('Enter');
    await see('#error', 'The sandbox answered 404');
    expect(await page.locator('#error').getAttribute('role')).toBe('alert');
  });

  it('shows in full why a session aborted: the app refused the token', async () => {
    const pointDemoAppAt = async (url: string) => {
      const response = await fetch(`${sandbox.url}/sandbox/apps/${DEMO.appId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url }),
      });
      expect(response.status).toBe(200);
    };
    const router = await startRouterApp({ authToken: 'not-the-demo-token' });
    await pointDemoAppAt(router.url);
    try {
      expect(await page.locator('#abort').isHidden()).toBe(true);
      await page.locator('#entry').fill('*384*1#');
      await page.locator('#entry').press('Enter');
      await see('#session-state', 'aborted · UnexpectedUssdAppResponse');
      await page.locator('#abort').waitFor({ state: 'visible', timeout: 10_000 });
      expect(await page.locator('#abort').getAttribute('role')).toBe('alert');
      expect(await textOf('#abort-reason')).toBe('UnexpectedUssdAppResponse');
      expect(await textOf('#abort-message')).toBe(
        `The app at ${router.url} answered 401 to /ussdSessionEvent/new: the token does not match. The sandbox sends app demo-app's authToken as the Authorization header; make the app's authToken option equal it, or change the app's token with PATCH /sandbox/apps/demo-app {"authToken": ...}.`,
      );
      expect(await page.locator('#abort-message').isVisible()).toBe(true);
      expect(await page.content()).not.toContain(DEMO.authToken);
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'web-phone-aborted.png'), fullPage: true });
    } finally {
      await pointDemoAppAt(app.url);
      await router.close();
    }
    // The next session runs, and the explanation of the last one goes away.
    await page.locator('#entry').fill('*384*1#');
    await page.locator('#entry').press('Enter');
    await see('#screen', 'Airtime shop');
    expect(await page.locator('#abort').isHidden()).toBe(true);
    await page.locator('#entry').press('Escape');
    await see('#session-state', 'closed · Abandon');
  });
});
