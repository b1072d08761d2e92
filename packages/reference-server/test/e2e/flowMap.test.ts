/**
 * The flow map in a real Chromium (Debian's, driven by playwright-core): `runDev` serves an app,
 * the web phone draws its screens and arrows before the first dial, marks the problems `explore`
 * gave on their screens, and highlights the screen the phone is on as the session moves. Saves
 * `test-artifacts/flow-map.png` at the repo root (docs/flow-map.png is a copy of one).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDev, runDev } from '../../src/dev/index';
import { type ChromiumPage, openChromium } from './chromium';

const ARTIFACTS = fileURLToPath(new URL('../../../../test-artifacts/', import.meta.url));
const module = fileURLToPath(new URL('./flowMapApp.ts', import.meta.url));

/** What the explorer would say: one problem, on `amount` (the real walk: @ussdkit/testing's CLI test). */
const problems = [
  {
    kind: 'throws',
    screen: 'amount',
    message: 'Error: the bank refuses 1000',
    reproduce: "npx ussdkit dial '*384*1#', then: 1 › 1000",
  },
];

describe('the flow map of ussdkit dev, in Chromium', () => {
  let dev: RunningDev;
  let chrome: ChromiumPage | undefined;
  let page: Page;
  const pageErrors: string[] = [];
  const explored: unknown[] = [];

  /** The screen the map highlights, once it is `name` (the page polls every second). */
  const highlighted = async (name: string) => {
    await page
      .locator(`#flow-map .flow-node.current[data-screen="${name}"]`)
      .waitFor({ timeout: 10_000 });
    return page.locator('#flow-map .flow-node.current').count();
  };

  beforeAll(async () => {
    chrome = await openChromium(pageErrors, { width: 1280, height: 900 });
    page = chrome.page;
    dev = await runDev({
      module,
      port: 0,
      log: () => {},
      explore: async (app) => {
        explored.push(app);
        return problems;
      },
    });
  });

  afterAll(async () => {
    await chrome?.close();
    await dev?.close();
  });

  it('draws every screen and arrow of the app before the first dial, and marks its problems', async () => {
    await page.goto(dev.url);
    await page.locator('#flow-map svg').waitFor({ timeout: 10_000 });
    const screens = await page
      .locator('#flow-map .flow-node')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-screen')));
    expect(screens.sort()).toEqual(['amount', 'help', 'large', 'menu', 'thanks', '▶ start']);
    const arrows = await page
      .locator('#flow-map .flow-edge')
      .evaluateAll((edges) =>
        edges.map((edge) => `${edge.getAttribute('data-from')}>${edge.getAttribute('data-to')}`),
      );
    expect(arrows.sort()).toEqual(
      ['▶ start>menu', 'menu>amount', 'menu>help', 'amount>thanks', 'amount>large'].sort(),
    );
    // The explorer's problems arrive after the graph: the map is redrawn with them.
    await page
      .locator('#flow-map .flow-node.problem[data-screen="amount"]')
      .waitFor({ timeout: 10_000 });
    expect(await page.locator('#flow-map .flow-node.problem').count()).toBe(1);
    expect(await page.locator('#flow-problems li').textContent()).toBe(
      "✗ throws on amount: Error: the bank refuses 1000 (reproduce: npx ussdkit dial '*384*1#', then: 1 › 1000)",
    );
    expect(explored).toHaveLength(1);
  });

  it('highlights the screen the phone is on, as it moves', async () => {
    await page.locator('#entry').press('Enter');
    await page.locator('#screen', { hasText: 'Flow shop' }).waitFor({ timeout: 10_000 });
    expect(await highlighted('menu')).toBe(1);
    await page.locator('#entry').fill('1');
    await page.locator('#entry').press('Enter');
    expect(await highlighted('amount')).toBe(1);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'flow-map.png'), fullPage: true });
    await page.locator('#entry').fill('500');
    await page.locator('#entry').press('Enter');
    expect(await highlighted('thanks')).toBe(1);
    expect(await page.locator('#flow-status').textContent()).toContain('the phone is on thanks');
    expect(pageErrors).toEqual([]);
  });
});
