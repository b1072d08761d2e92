/**
 * The web phone in a real Chromium (Debian's, driven by playwright-core) with an app registered
 * with protocol "africastalking": a router app mounted with `@ussdkit/africastalking`, which the
 * sandbox calls with Africa's Talking's form requests. The phone does not know the difference.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES, type ServedShop, serveShop, shopConfig } from '../contract/africasTalkingApp';
import { type SandboxUnderTest, startSandboxUnderTest } from '../contract/sandboxHarness';
import { type ChromiumPage, openChromium, webPhoneOn } from './chromium';

describe("web phone with an Africa's Talking app, in Chromium", () => {
  let shop: ServedShop;
  let sandbox: SandboxUnderTest;
  let chrome: ChromiumPage | undefined;
  let page: Page;
  const pageErrors: string[] = [];

  const { see, send } = webPhoneOn(() => page);

  beforeAll(async () => {
    // First: without Chromium the test fails before it starts anything.
    chrome = await openChromium(pageErrors);
    page = chrome.page;
    shop = await serveShop();
    sandbox = await startSandboxUnderTest(shopConfig(shop));
  });

  afterAll(async () => {
    await chrome?.close();
    await sandbox?.close();
    await shop?.close();
  });

  it('walks the flow, a wrong amount and an input holding * included, to the END screen', async () => {
    await page.goto(sandbox.url);
    await send(`*384*${CODES.africastalking}#`);
    await see('#screen', 'Duka');
    expect(await page.locator('#screen').textContent()).toBe('Duka\n1. Send money\n2. Bundles');
    await send('1');
    await see('#screen', 'Amount (NGN)?');
    await send('20');
    await see('#screen', 'The minimum is NGN 50');
    await send('100');
    await see('#screen', 'Reference?');
    await send('INV*42#');
    await see('#screen', 'Sent NGN 100 with reference INV*42#.');
    await see('#session-state', 'closed · End');
    const texts = shop.requests.map((request) => request.fields.text);
    expect(texts.slice(-5)).toEqual(['', '1', '1*20', '1*20*100', '1*20*100*INV*42#']);
    expect(pageErrors).toEqual([]);
  });
});
