/**
 * The experiment report as a reader sees it: a small sweep run by the command line, its HTML
 * report opened from disk in Chromium — every chart draws, nothing is fetched, the console stays
 * clean, and the summary numbers are on the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { main } from '../../cli/main.ts';
import { launchBrowser, screenshot } from './browser.ts';

const SWEEP = {
  format: 'mapf-lab/experiment',
  version: 1,
  name: 'report-check',
  maps: [{ kind: 'random', width: 16, height: 16, density: 0.2, seeds: [1, 2, 3] }],
  agents: [4, 8, 12],
  solvers: [
    { solver: 'whca', label: 'WHCA*(8)', params: { window: 8 } },
    { solver: 'lra', label: 'LRA*' },
  ],
  turnLimit: 100,
};

let browser: Browser;
let reportFile: string;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mapf-report-'));
  const file = join(dir, 'sweep.json');
  writeFileSync(file, JSON.stringify(SWEEP));
  const quiet = { out: () => undefined, err: () => undefined };
  expect(await main(['experiment', file, '--out', join(dir, 'out'), '--workers', '1', '--quiet'], quiet)).toBe(0);
  reportFile = join(dir, 'report.html');
  expect(await main(['report', join(dir, 'out'), '--out', reportFile], quiet)).toBe(0);
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('experiment report in the browser', () => {
  it('draws every chart offline with a clean console', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(reportFile).href);
    await page.waitForLoadState('load');
    // Each chart canvas must have drawn something: count its non-transparent pixels.
    const drawn = await page.evaluate(async () => {
      await new Promise((resolve) => setTimeout(resolve, 500)); // let Chart.js finish its first frame
      return [...document.querySelectorAll('canvas')].map((canvas) => {
        const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        let painted = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++;
        return painted;
      });
    });
    expect(drawn.length).toBeGreaterThanOrEqual(6);
    for (const painted of drawn) expect(painted).toBeGreaterThan(500);
    expect(requests.filter((url) => !url.startsWith('file:') && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
    expect(errors).toEqual([]);
    const text = await page.textContent('body');
    expect(text).toContain('WHCA*(8)');
    expect(text).toContain('LRA*');
    expect(readFileSync(reportFile, 'utf8')).not.toMatch(/(src|href)="https?:/);
    await page.screenshot({ path: (await screenshot(page, 'report-top')).replace('report-top', 'report-full'), fullPage: true });
    await page.close();
  });
});
