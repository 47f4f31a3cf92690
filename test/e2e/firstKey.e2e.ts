/**
 * A key pressed the moment the window shows is not lost. CI once pressed D as soon as the
 * scenario's name was on screen and the Door tool stayed unselected: the shortcuts were
 * installed by a plain effect, which React runs after the first paint, and on a busy machine
 * the key came in between. Here the key is sent at the earliest moment deterministically: a
 * MutationObserver fires (a microtask) right after React's commit puts the header in the page,
 * before any plain effect can have run.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('browser edition: the first key', () => {
  it('selects the Door tool with D pressed as the scenario name first appears', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="scenario-name"]')) return;
        observer.disconnect();
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'd', bubbles: true, cancelable: true }));
        (window as unknown as { firstKeySent: boolean }).firstKeySent = true;
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto(inject('baseUrl'));
    await expect.poll(() => page.evaluate(() => (window as unknown as { firstKeySent?: boolean }).firstKeySent === true)).toBe(true);
    await expect.poll(() => page.getByTestId('tool-door').getAttribute('aria-pressed')).toBe('true');
    await page.close();
  });
});
