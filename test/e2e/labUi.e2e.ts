/**
 * The lab as a new user meets it in the browser edition: every shipped experiment is a preset,
 * and one that names Moving AI files by path stops before Run with the files to add (instead of
 * an error per run); the experiment's name survives a reload; `?` lists the shortcuts there too;
 * in the light theme the JSON editor and the charts are light.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './browser.ts';
import { openLab, useApp } from './support/app.ts';

let page: Page;
const app = useApp({ acceptDialogs: true, ready: openLab });
beforeAll(() => {
  page = app.page;
});

describe('browser edition: the lab for a new user', () => {
  it('offers every shipped experiment; one naming files by path stops before Run and lists them', async () => {
    const ids = await page.getByTestId('lab-preset').locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    for (const id of ['silver2005', 'standley2010', 'standley2010-4c', 'patel-moving-obstacles', 'scale', 'cbs-family', 'cbs-family-1s']) expect(ids).toContain(id);
    await page.getByTestId('lab-preset').selectOption('scale');
    await expect.poll(() => page.getByTestId('lab-file-name').textContent()).toBe('scale.json');
    const missing = page.getByTestId('lab-missing-files');
    await missing.waitFor();
    const text = (await missing.textContent())!;
    for (const file of ['den520d.map', 'den520d-random-1.scen', 'Berlin_1_256.map', 'warehouse-10-20-10-2-1.map']) expect(text).toContain(file);
    expect(await page.getByTestId('lab-run').isDisabled()).toBe(true);
    expect(await page.getByTestId('lab-status').textContent()).toMatch(/Needs 6 files the browser edition cannot read by path/);
    await screenshot(page, 'lab-missing-files');
    // A preset of random maps runs: nothing is missing.
    await page.getByTestId('lab-preset').selectOption('silver2005');
    await expect.poll(() => missing.count()).toBe(0);
    expect(await page.getByTestId('lab-run').isDisabled()).toBe(false);
  });

  it('keeps the experiment\'s name across a reload', async () => {
    await page.reload();
    await page.getByTestId('view-lab').click();
    await expect.poll(() => page.getByTestId('lab-file-name').textContent()).toBe('silver2005.json');
  });

  it('? opens the shortcut list in the lab; Escape closes it', async () => {
    await page.getByTestId('lab-bar').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Shift+?');
    await page.getByTestId('help-overlay').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('help-overlay').count()).toBe(0);
  });

  it('in the light theme the JSON editor and the charts are light', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await expect.poll(() => page.locator('[data-testid="lab-editor"] .monaco-editor').getAttribute('class')).toMatch(/\bvs\b(?!-dark)/);
    const chart = page.getByTestId('lab-chart-successRate');
    await expect.poll(() => chart.getAttribute('data-theme')).toBe('light');
    // The chart's own background (drawn into the canvas, so a PNG export reads the same) is light.
    await expect.poll(() => chart.locator('canvas').evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(2, 2, 1, 1).data;
      return d[0] + d[1] + d[2];
    })).toBeGreaterThan(600);
    // With data: the small sweep (48 runs of WHCA* and LRA* on 16x16 maps).
    await page.getByTestId('lab-preset').selectOption('small');
    await page.getByTestId('lab-run').click();
    await page.locator('[data-testid="lab-bar"][data-phase="finished"]').waitFor({ timeout: 120_000 });
    await page.locator('[data-testid="lab-chart-successRate"][data-records="48"]').waitFor();
    await screenshot(page, 'lab-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => chart.getAttribute('data-theme')).toBe('dark');
    // Page errors only: what this test checked before the shared set-up.
    expect(app.consoleErrors.filter((e) => e.startsWith('page error: '))).toEqual([]);
  });
});
