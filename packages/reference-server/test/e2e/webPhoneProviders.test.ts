/**
 * The web phone in a real Chromium (Debian's, driven by playwright-core) with apps registered
 * with the five providers' protocols (decision 0045): the tiny provider apps of the contract
 * tests, which the sandbox calls the way Hubtel, Arkesel, Nalo, Beem and Infobip call theirs. The
 * phone does not know the difference.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASK_AMOUNT, ASK_PIN, BALANCE, bought } from '../contract/providers/exampleSession';
import {
  byTitle,
  type ProvidersWorld,
  startProvidersWorld,
} from '../contract/providers/providerCases';
import { type ChromiumPage, openChromium, webPhoneOn } from './chromium';

describe('web phone with apps on the providers’ protocols, in Chromium', () => {
  let world: ProvidersWorld;
  let chrome: ChromiumPage | undefined;
  let page: Page;
  const pageErrors: string[] = [];

  const { see, send } = webPhoneOn(() => page);

  beforeAll(async () => {
    // First: without Chromium the test fails before it starts anything.
    chrome = await openChromium(pageErrors);
    page = chrome.page;
    world = await startProvidersWorld();
  });

  afterAll(async () => {
    await chrome?.close();
    await world?.close();
  });

  it('walks a Hubtel app through its menu and a PIN screen it marks with MaskNextRoute', async () => {
    await page.goto(world.sandbox.url);
    await send('*384*31#');
    await see('#screen', 'Welcome');
    expect(await page.locator('#screen').textContent()).toBe(
      'Welcome\n1. Buy airtime\n2. My balance',
    );
    await send('2');
    await see('#screen', ASK_PIN);
    expect(await page.getAttribute('#entry', 'data-secret')).toBe('true');
    await send('739154');
    await see('#screen', BALANCE);
    await see('#session-state', 'closed · End');
    await see('#timeline', 'close End');
    const phoneLines = await page.locator('#timeline .from-phone .event-text').allTextContents();
    expect(phoneLines).toEqual(['*384*31#', '2', '••••']);
    const hubtel = world.apps.hubtel.requests.map((request) => request.body.Type);
    expect(hubtel.slice(-3)).toEqual(['Initiation', 'Response', 'Response']);
    expect(pageErrors).toEqual([]);
  });

  it.each(byTitle)(
    'walks the example session of an app on %s',
    async (_title, { protocol, code }) => {
      await page.goto(world.sandbox.url);
      await send(`*384*${code}#`);
      await see('#screen', 'Welcome');
      await send('1');
      await see('#screen', ASK_AMOUNT);
      await send('500');
      await see('#screen', bought('500'));
      await see('#session-state', 'closed · End');
      expect(world.apps[protocol].requests.length).toBeGreaterThanOrEqual(3);
      expect(pageErrors).toEqual([]);
    },
  );
});
