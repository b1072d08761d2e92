/**
 * The web phone's Faults panel in a real Chromium (Debian's, driven by playwright-core): it
 * follows the app of the session, its toggles set the app's faults through the sandbox API, and
 * each injected fault shows in the timeline. Saves `test-artifacts/web-phone-faults.png`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type RunningSandbox, startSandbox } from '../../src/index';
import { type SandboxCalls, sandboxCalls } from '../fault/sandboxClient';
import { type ShopFixture, startShop } from '../faults/shopFixture';
import { type ChromiumPage, openChromium, webPhoneOn } from './chromium';

const ARTIFACTS = fileURLToPath(new URL('../../../../test-artifacts/', import.meta.url));
const FAULTS = `/sandbox/apps/${DEMO.appId}/faults`;

describe('the Faults panel of the web phone in Chromium', () => {
  let shop: ShopFixture;
  let sandbox: RunningSandbox;
  let api: SandboxCalls;
  let chrome: ChromiumPage | undefined;
  let page: Page;
  const pageErrors: string[] = [];

  const { see, send } = webPhoneOn(() => page);
  const faultsOfApp = async () => (await api.call('GET', FAULTS)).body;

  beforeAll(async () => {
    // First: without Chromium the test fails before it starts anything.
    chrome = await openChromium(pageErrors, { width: 1280, height: 1000 });
    page = chrome.page;
    shop = await startShop();
    sandbox = await startSandbox({ port: 0, quiet: true });
    api = sandboxCalls(sandbox.url);
    const moved = await api.call('PATCH', `/sandbox/apps/${DEMO.appId}`, { url: shop.url });
    expect(moved.status).toBe(200);
  });

  afterAll(async () => {
    await chrome?.close();
    await sandbox?.close();
    await shop?.close();
  });

  it('sets faults with its toggles and shows each fault in the timeline', async () => {
    await page.goto(sandbox.url);
    await send('*384*1#');
    await see('#screen', 'Shop');
    // The panel follows the app of the session.
    await see('#faults-status', `Faults of ${DEMO.appId}: none`);
    expect(await page.inputValue('#faults-app')).toBe(DEMO.appId);

    await page.getByLabel('Send each event twice').check();
    await see('#faults-status', `Faults of ${DEMO.appId}: duplicate`);
    expect(await faultsOfApp()).toEqual({ appId: DEMO.appId, faults: { duplicate: {} } });
    await send('1');
    await see('#screen', 'Amount in NGN?');
    await see('#timeline .event.fault', 'fault duplicate: sent continue twice');

    await page.getByLabel('Send each event twice').uncheck();
    await page.getByLabel('Cut the session mid-screen (Timeout)').check();
    await see('#faults-status', `Faults of ${DEMO.appId}: cut`);
    await send('500');
    await see('#screen', 'Session timed out.');
    await see('#session-state', 'closed · Timeout');
    await see('#timeline .event.fault', 'fault cut: ended the session');
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'web-phone-faults.png'), fullPage: true });

    await page.getByLabel('Cut the session mid-screen (Timeout)').uncheck();
    await see('#faults-status', `Faults of ${DEMO.appId}: none`);
    expect(await faultsOfApp()).toEqual({ appId: DEMO.appId, faults: {} });

    await page.getByLabel('Delay in ms').fill('50');
    await page.getByLabel('Delay each event by').check();
    await see('#faults-status', `Faults of ${DEMO.appId}: delay`);
    expect(await faultsOfApp()).toEqual({ appId: DEMO.appId, faults: { delay: { ms: 50 } } });
    expect(pageErrors).toEqual([]);
  });

  it('shows why an app id is unknown', async () => {
    await page.locator('#faults-app').fill('no-such-app');
    await page.locator('#faults-app').press('Tab');
    await see('#faults-status', 'no app "no-such-app"');
    expect(await page.getByLabel('Send each event twice').isDisabled()).toBe(true);
  });
});
