/**
 * Files in the browser edition: open a Moving AI map and scenario from ../shared/benchmarks,
 * refuse a malformed file without losing the scenario, and save the map back byte for byte.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { MOVING_AI, skipWithoutBenchmarks } from '../support/benchmarks.ts';
import type { Page } from 'playwright-core';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerAsk, screenshot } from './browser.ts';
import { useApp } from './support/app.ts';

const BENCHMARKS = MOVING_AI;
const MAP = join(BENCHMARKS, 'maps/random-32-32-20.map');
const SCEN = join(BENCHMARKS, 'scen/random-32-32-20-random-1.scen');

const app = useApp();

async function chooseFile(page: Page, button: string, path: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId(button).click();
  await (await chooser).setFiles(path);
}

describe('browser edition: Moving AI files', () => {
  // Every test here works on what the benchmark files opened: absent, they all skip, saying why.
  beforeEach(skipWithoutBenchmarks);
  it('opens a benchmark map', async () => {
    await chooseFile(app.page, 'open-map', MAP);
    await expect.poll(() => app.page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 0 units/);
    await expect(app.page.getByTestId('scenario-name').textContent()).resolves.toBe('random-32-32-20.map');
  });

  it('places units from its scenario file and solves them', async () => {
    await chooseFile(app.page, 'add-units', SCEN);
    // It asks how many units to take: the 10 it offers.
    await answerAsk(app.page);
    await expect.poll(() => app.page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 10 units/);
    await app.page.getByTestId('solve').click();
    await app.page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 20_000 });
    await expect(app.page.locator('[data-testid="results"] tbody tr').count()).resolves.toBe(10);
    await screenshot(app.page, 'files-benchmark-solved');
  });

  it('refuses a malformed map, says where, and keeps the scenario', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapf-e2e-'));
    const bad = join(dir, 'broken.map');
    writeFileSync(bad, 'type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n');
    await chooseFile(app.page, 'open-map', bad);
    const notice = app.page.locator('[data-testid="notice"][data-kind="error"]');
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toMatch(/broken\.map:6:2/);
    await expect(app.page.getByTestId('scenario-meta').textContent()).resolves.toMatch(/^32×32, 10 units/);
    await screenshot(app.page, 'files-malformed');
  });

  it('saves the map back exactly as the benchmark file', async () => {
    const download = app.page.waitForEvent('download');
    await app.page.getByTestId('save-map').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('random-32-32-20.map');
    const saved = readFileSync((await file.path())!, 'utf8');
    expect(saved).toBe(readFileSync(MAP, 'utf8'));
  });

  it('Units from .scen asks how many: any K up to the file\'s count, and says what was wrong with a bad answer', async () => {
    const page = app.page;
    await chooseFile(page, 'add-units', SCEN);
    const count = readFileSync(SCEN, 'utf8').trim().split('\n').length - 1;
    expect(await answerAsk(page, '25')).toBe(`How many units from random-32-32-20-random-1.scen? It has ${count}: the first K are placed (1 to ${count}, or 'all').`);
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 25 units/);
    await chooseFile(page, 'add-units', SCEN);
    await answerAsk(page, String(count + 1));
    await expect.poll(() => page.getByTestId('notice').textContent()).toContain(`is not a number of units from 1 to ${count}`);
    expect(await page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 25 units/);
    // Cancel places nothing.
    await chooseFile(page, 'add-units', SCEN);
    await page.getByTestId('ask-cancel').click();
    expect(await page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 25 units/);
  });

  it('had a clean console', () => {
    expect(app.consoleErrors).toEqual([]);
  });
});
