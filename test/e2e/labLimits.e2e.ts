/**
 * The lab asked for 10^9 runs: typing 1000000000 into Repeats is
 * refused at once with what multiplies up and the limit, the page stays responsive (nothing is
 * planned), and the lab opens again after a reload with the same text and the same message,
 * instead of freezing and crashing as it did (24 M runs planned at every keystroke).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './browser.ts';
import { openLab, useApp } from './support/app.ts';

let page: Page;
const app = useApp({ viewport: { width: 1400, height: 1000 }, ready: openLab });
beforeAll(() => {
  page = app.page;
});

describe('browser edition: the lab asked for 10^9 runs', () => {
  it('refuses at once, stays responsive, and opens again after a reload', async () => {
    const asked = await page.evaluate(() => performance.now());
    await page.getByTestId('lab-repeats').fill('1000000000');
    const problems = page.getByTestId('lab-problems');
    await expect.poll(() => problems.textContent()).toMatch(/asks for [\d,]+ runs .*repeats 1000000000.*at most 1,000,000 per experiment/);
    const refusedMs = (await page.evaluate(() => performance.now())) - asked;
    // Nothing runs: Run is off while the definition is refused.
    await expect(page.getByTestId('lab-run').isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('lab-status').textContent()).resolves.toBe('The definition has problems (below): fix them to run');
    await screenshot(page, 'lab-1e9-runs');
    await page.reload();
    await page.getByTestId('view-lab').click();
    const reopened = await page.evaluate(() => performance.now());
    await expect.poll(() => page.getByTestId('lab-problems').textContent()).toMatch(/asks for [\d,]+ runs/);
    const reopenMs = (await page.evaluate(() => performance.now())) - reopened;
    console.log(`lab, 10^9 runs: refused ${refusedMs.toFixed(0)} ms after typing; after a reload the lab showed the refusal ${reopenMs.toFixed(0)} ms after opening`);
    // The editor still takes edits: back to 1 repeat, and the definition is accepted.
    await page.getByTestId('lab-repeats').fill('1');
    await expect.poll(() => page.getByTestId('lab-problems').count()).toBe(0);
    expect(app.consoleErrors).toEqual([]);
  }, 60_000);
});
