/**
 * Help: ? opens a list of every shortcut and Esc closes it; the solver fields
 * explain themselves on hover; the theme follows the system (light here, emulated) and the
 * header's toggle switches to dark and back, kept across a reload.
 */
import { describe, expect, it } from 'vitest';
import { screenshot, type WatchedPage } from './browser.ts';
import { useApp } from './support/app.ts';

const app = useApp();

const background = (page: WatchedPage['page']) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('browser edition: help and theme', () => {
  it('? lists every shortcut; Esc closes it', async () => {
    const page = app.page;
    await page.getByTestId('map-view').hover();
    await page.keyboard.press('Shift+?');
    const overlay = page.getByTestId('help-overlay');
    await overlay.waitFor();
    const text = (await overlay.textContent())!;
    for (const key of ['Ctrl+S', 'Ctrl+Enter', 'Measure', 'Follow the selected unit', 'Flip between the compared A and B runs']) expect(text).toContain(key);
    await screenshot(page, 'help-overlay');
    await page.keyboard.press('Escape');
    await expect.poll(() => overlay.count()).toBe(0);
  });

  it('solver fields say what they do on hover', async () => {
    const page = app.page;
    await page.getByTestId('solver-select').selectOption('whca');
    const title = await page.getByTestId('solver-window').locator('xpath=ancestor::label').getAttribute('title');
    expect(title).toMatch(/turns ahead each unit reserves/);
    expect(await page.getByTestId('solver-order').locator('xpath=ancestor::label').getAttribute('title')).toMatch(/plans first/);
  });

  it('follows the system theme; the toggle picks light, then dark, and the choice survives a reload', async () => {
    const page = app.page;
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    const light = await background(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await background(page)).not.toBe(light);
    // system → light → dark
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await background(page)).toBe(light);
    await screenshot(page, 'theme-light');
    await page.reload();
    await page.getByTestId('theme-toggle').waitFor();
    expect(await page.getByTestId('theme-toggle').getAttribute('data-choice')).toBe('light');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByTestId('theme-toggle').click();
    expect(await page.getByTestId('theme-toggle').getAttribute('data-choice')).toBe('system');
    expect(app.consoleErrors).toEqual([]);
  });
});
