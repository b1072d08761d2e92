/**
 * Debian's Chromium driven by playwright-core, for the web phone's browser tests: one headless
 * page in a throw-away profile. A missing Chromium fails the test with the command that installs
 * it (a browser test is never skipped).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** An open page, and how to close its browser and remove its profile. */
export interface ChromiumPage {
  readonly page: Page;
  close(): Promise<void>;
}

/**
 * Opens a page in a new headless Chromium. Its script errors and console errors go to
 * `pageErrors`, which the tests expect to stay empty.
 */
export async function openChromium(
  pageErrors: string[],
  viewport?: { readonly width: number; readonly height: number },
): Promise<ChromiumPage> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `the browser test needs Chromium at ${CHROMIUM}: install it with \`apt-get install chromium\``,
    );
  }
  const userDataDir = mkdtempSync(join(tmpdir(), 'ussdkit-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    ...(viewport === undefined ? {} : { viewport }),
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  return {
    page,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * What a browser test does with the web phone: wait (15 s at most: CI machines are shared) until an element matching
 * `selector` shows `text`, and type a line in the entry and send it with Enter. `page` is read at
 * each call, so the helpers can be made before the page is opened.
 */
export function webPhoneOn(page: () => Page) {
  return {
    see: (selector: string, text: string) =>
      page().locator(selector, { hasText: text }).first().waitFor({ timeout: 15_000 }),
    send: async (text: string) => {
      await page().locator('#entry').fill(text);
      await page().locator('#entry').press('Enter');
    },
  };
}
