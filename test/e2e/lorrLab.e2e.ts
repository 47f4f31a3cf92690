/**
 * A LoRR experiment in the browser edition's lab, which reads no file by path: the lorr-2024 preset
 * is stopped before Run with a notice naming the problem files it needs (not .map/.scen); a small
 * experiment over random_32_32_20_100 (one team size, few steps) asks for the problem JSON, then
 * for the .map, .agents and .tasks files it names, each added with Add files…, and then runs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screenshot } from './browser.ts';
import { openLab, useApp } from './support/app.ts';

const DOMAIN = fileURLToPath(new URL('../../../shared/benchmarks/lorr-2024/example_problems/random.domain/', import.meta.url));

let page: Page;
const app = useApp({ when: existsSync(DOMAIN), viewport: { width: 1400, height: 1000 }, acceptDialogs: true, ready: openLab });
beforeAll(() => {
  if (existsSync(DOMAIN)) page = app.page;
});

async function progress(): Promise<{ done: number; total: number; failed: number }> {
  const el = page.getByTestId('lab-progress-text');
  return { done: Number(await el.getAttribute('data-done')), total: Number(await el.getAttribute('data-total')), failed: Number(await el.getAttribute('data-failed')) };
}

describe.skipIf(!existsSync(DOMAIN))('browser edition: a LoRR experiment in the lab', () => {
  it('names the LoRR problem files the lorr-2024 preset needs', async () => {
    await page.getByTestId('lab-preset').selectOption('lorr-2024');
    await expect.poll(() => page.getByTestId('lab-file-name').textContent()).toBe('lorr-2024.json');
    const notice = page.getByTestId('lab-missing-files');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).not.toMatch(/\.scen/);
    expect(await page.getByTestId('lab-missing-lorr').textContent()).toMatch(/problem JSON, then the \.map, \.agents and \.tasks files it names, with Add files…/);
    expect(await page.getByTestId('lab-missing-map-0').textContent()).toBe('LoRR problem 1: random_32_32_20_100.json (then the .map, .agents and .tasks files it names)');
    expect(await page.getByTestId('lab-missing-map-4').textContent()).toMatch(/^LoRR problem 5: warehouse_large_5000\.json/);
    expect(await page.getByTestId('lab-run').isDisabled()).toBe(true);
  });

  it('runs a small experiment over random_32_32_20_100 once its four files are added', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapf-lab-lorr-'));
    const file = join(dir, 'lorr-small.json');
    writeFileSync(file, JSON.stringify({
      format: 'mapf-lab/experiment',
      version: 1,
      name: 'lorr small',
      maps: [{ kind: 'lorr', problem: 'random.domain/random_32_32_20_100.json', teamSizes: [50, 100], steps: 20, stepLimitMs: 100 }],
      agents: [100],
      solvers: [{ solver: 'pibt-rotations' }],
      seed: 1,
      timeLimitClock: 'wall',
    }, null, 2));
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('lab-open').click();
    await (await chooser).setFiles(file);
    await expect.poll(() => page.getByTestId('lab-file-name').textContent()).toBe('lorr-small.json');
    await expect.poll(async () => (await progress()).total).toBe(2);
    await expect.poll(() => page.getByTestId('lab-missing-map-0').textContent()).toBe('LoRR problem 1: random_32_32_20_100.json (then the .map, .agents and .tasks files it names)');
    // The form describes the problem and offers the lifelong planners for it.
    expect(await page.getByTestId('lab-maps').textContent()).toMatch(/^LoRR problem random_32_32_20_100\.json, team sizes 50, 100, 20 steps at 100 ms a step/);
    const row = page.getByTestId('lab-solver-row').first().getByLabel('Solver 1', { exact: true });
    expect(await row.inputValue()).toBe('pibt-rotations');
    expect(await row.locator('option').allTextContents()).toEqual(expect.arrayContaining(['flow-pibt', 'pibt-rotations']));
    expect(await row.locator('option').allTextContents()).not.toContain('pibt-rotations (unknown)');
    // ... and beside the planner the task scheduler, the League's other track.
    const scheduler = page.getByTestId('lab-solver-scheduler-0');
    expect(await scheduler.locator('option').allTextContents()).toEqual(['greedy (default)', 'hungarian', 'ours']);
    await scheduler.selectOption('hungarian');
    await expect.poll(() => scheduler.inputValue()).toBe('hungarian');

    // The problem JSON first: the files it names are asked for next, by their names.
    await page.getByTestId('lab-add-files').setInputFiles(join(DOMAIN, 'random_32_32_20_100.json'));
    await expect.poll(() => page.getByTestId('lab-missing-map-0').textContent()).toBe('LoRR problem 1: random-32-32-20.map, random_32_32_20_100.agents, random_32_32_20.tasks');
    await expect.poll(() => page.getByTestId('notice').textContent()).toMatch(/^Added 1 file; still needed: random-32-32-20\.map, random_32_32_20_100\.agents, random_32_32_20\.tasks\./);
    await screenshot(page, 'lorr-lab-files-asked');
    await page.getByTestId('lab-add-files').setInputFiles(['maps/random-32-32-20.map', 'agents/random_32_32_20_100.agents', 'tasks/random_32_32_20.tasks'].map((f) => join(DOMAIN, f)));
    await expect.poll(() => page.getByTestId('lab-missing-files').count()).toBe(0);
    await expect.poll(() => page.getByTestId('notice').textContent()).toMatch(/^Added 3 files; every file is here: Run runs it\./);

    await page.getByTestId('lab-run').click();
    await page.locator('[data-testid="lab-bar"][data-phase="finished"]').waitFor({ timeout: 120_000 });
    expect(await progress()).toEqual({ done: 2, total: 2, failed: 0 });
    expect(await scheduler.inputValue()).toBe('hungarian');
    // Its throughput is charted against team size (the lifelong charts only), with where adding robots stops helping.
    await page.locator('[data-testid="lab-chart-tasksPerStep"][data-records="2"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('lab-chart-sumOfCosts').count()).toBe(0);
    expect(await page.getByTestId('lab-knee').allTextContents()).toEqual([expect.stringMatching(/^pibt-rotations \+ hungarian · random_32_32_20_100: 90% of the best throughput by (50|100) robots \(\d+\.\d\d tasks a step\); (still rising|best)/)]);
    await screenshot(page, 'lorr-lab-finished');
    expect(app.consoleErrors).toEqual([]);
  }, 180_000);
});
