/**
 * The designer's story of a chokepoint's capacity, in the browser edition: a corridor between two
 * yards (one cell wide, 12 long) with the corridor marked as a measured region; the designer draws
 * an exit (X) on the east yard and a spawner (G) on the west yard, lifts its admission cap, solves
 * with PIBT and sees the throughput line, then runs the capacity sweep from the Capacity panel
 * (PIBT and RHCR, offered 2 to 14 per 10 turns) in the solver worker, watches its progress, and
 * reads the saturation point in words in the region panel: one unit a turn, 10 per 10 turns, the
 * hand calculation. A second sweep is cancelled half-way.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { cellPoint, settledView } from './mapCanvas.ts';

const app = useApp({ acceptDialogs: true });

const WALL = '..@@@@@@@@@@@@..';
const SCENARIO = {
  format: 'mapf-lab/scenario', version: 4, name: 'Corridor',
  map: { kind: 'inline', rows: [WALL, WALL, '................', WALL, WALL] },
  regions: [{ name: 'corridor', from: [2, 2], to: [13, 2] }],
  agents: [],
  solver: { solver: 'pibt', turnLimit: 200 },
};

describe('browser edition: capacity of a chokepoint', () => {
  it('draws a spawner and an exit, solves, shows the throughput line, sweeps the rate and names the saturation point in the region panel', async () => {
    const page = app.page;
    const file = join(mkdtempSync(join(tmpdir(), 'mapf-e2e-capacity-')), 'corridor.json');
    writeFileSync(file, JSON.stringify(SCENARIO));
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('open-scenario').click();
    await (await chooser).setFiles(file);
    await expect.poll(() => page.getByTestId('scenario-name').textContent()).toBe('Corridor');
    // No stream yet: no Capacity panel.
    expect(await page.getByTestId('capacity-panel').count()).toBe(0);

    const view = await settledView(page);
    const drag = async (key: string, from: [number, number], to: [number, number]) => {
      await page.getByTestId('map-view').hover();
      await page.keyboard.press(key);
      await page.mouse.move(...cellPoint(view, ...from));
      await page.mouse.down();
      await page.mouse.move(...cellPoint(view, ...to), { steps: 3 });
      await page.mouse.up();
    };
    await drag('x', [14, 0], [15, 4]);
    await expect.poll(() => page.getByTestId('exit-0').textContent()).toMatch(/exit dock 1/);
    await drag('g', [0, 0], [1, 4]);
    await expect.poll(() => page.locator('[data-testid="spawner-0"] strong').textContent()).toBe('gate 1');
    expect(await page.getByTestId('spawner-exit-0').inputValue()).toBe('dock 1');
    // Admission off: a one-way corridor's true capacity (the default half would cap it at half).
    await page.getByTestId('spawner-admit-0').fill('1');
    await page.getByTestId('spawner-admit-0').press('Enter');
    await expect.poll(() => page.getByTestId('spawner-admit-0').inputValue()).toBe('1');

    await page.getByTestId('solver-select').selectOption('pibt');
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('stream-units').textContent()).toMatch(/^20 appeared, 20 left by an exit/);
    const line = page.getByTestId('throughput-chart');
    await expect(line.isVisible()).resolves.toBe(true);
    expect(await page.getByTestId('throughput-value').textContent()).toMatch(/per 10 turns over the run$/);

    // The sweep: PIBT and RHCR, 2 to 14 per 10 turns by 2, 300 turns a run.
    const panel = page.getByTestId('capacity-panel');
    await panel.scrollIntoViewIfNeeded();
    for (const [id, value] of [['capacity-from', '2'], ['capacity-to', '14'], ['capacity-step', '2'], ['capacity-turns', '300']] as const) {
      await page.getByTestId(id).fill(value);
      await page.getByTestId(id).press('Enter');
    }
    await page.getByTestId('capacity-solver-whca').uncheck();
    expect(await page.getByTestId('capacity-solver-pibt').isChecked()).toBe(true);
    expect(await page.getByTestId('capacity-solver-rhcr').isChecked()).toBe(true);
    await page.getByTestId('capacity-run').click();
    // 7 rates x (2 solvers + the lane's traffic rule: the corridor is a one-lane lane).
    await expect.poll(() => page.getByTestId('capacity-progress').textContent()).toMatch(/^Run \d+ of 21/);
    await expect.poll(() => page.getByTestId('capacity-progress').textContent(), { timeout: 120_000 }).toBe('21 runs, 300 turns each.');
    expect(await page.getByTestId('capacity-lane').textContent()).toMatch(/^The lane itself \(\d+ cells, one lane\): \d+\.\d per 10 turns in all with platoons of \d+ taking turns each way \(\d\.\d by k\/\(L\+k\)\); at most 10 one way\.$/);
    const sentence = await page.getByTestId('capacity-sentence').textContent();
    // One unit a turn: 10 per 10 turns (delivered over the second half may read 10.0 or a hair above).
    expect(sentence).toMatch(/^the corridor carries at most 10\.\d units per 10 turns with (PIBT|RHCR); 10\.\d per 10 turns with (PIBT|RHCR); at 10 per 10 turns offered, units spend \d+ turns in the system on average/);
    // Each solver heads a row of its figures, in words: no dash stands for a figure that is not there.
    const rows = await page.locator('[data-testid="capacity-summary"] tbody tr').allTextContents();
    expect(rows).toEqual(['PIBT', expect.stringMatching(/^10 per 10 turns10\.\d per 10 turns\d+ turns$/), 'RHCR', expect.stringMatching(/^10 per 10 turns10\.\d per 10 turns\d+ turns$/)]);
    expect(await page.getByTestId('capacity-panel').textContent()).not.toMatch(/[—-]\s*$|\s[—-]\s/);
    expect(await page.getByTestId('capacity-units').textContent()).toMatch(/set Seconds a turn \(Scenario\) to read them a minute too/);
    // The region panel says it in words.
    const region = page.getByTestId('region-capacity');
    await expect.poll(() => region.textContent()).toBe(`${sentence!.charAt(0).toUpperCase()}${sentence!.slice(1)}.`);
    // The two charts hold a line per solver, a point per rate.
    const chart = page.getByTestId('capacity-throughput-chart');
    expect(await chart.getAttribute('data-series')).toBe('2');
    expect(await chart.getAttribute('data-points')).toBe('14');
    expect(await page.getByTestId('capacity-time-chart').getAttribute('data-points')).toBe('14');
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'capacity-charts');
    await region.scrollIntoViewIfNeeded();
    await screenshot(page, 'capacity-region-sentence');

    // The game's time and size, suggested in the Scenario panel: the same figures, a minute too.
    await page.getByTestId('scale-suggested').click();
    await expect.poll(() => page.getByTestId('scale-turn-seconds').inputValue()).toBe('0.5');
    await expect.poll(() => page.getByTestId('scale-cell-metres').inputValue()).toBe('1');
    await expect.poll(() => page.getByTestId('capacity-sentence').textContent()).toMatch(/^the corridor carries at most 10\.\d units per 10 turns \(12\d(\.\d)? a minute, 2(\.\d+)? a second\) with (PIBT|RHCR); .* units spend \d+ turns \(\d+ s\) in the system/);
    expect(await page.getByTestId('capacity-saturates-0').textContent()).toBe('10 per 10 turns (120 a minute, 2 a second)');
    expect(await page.getByTestId('capacity-lane').textContent()).toMatch(/^The lane itself \(\d+ cells, \d+ m, one lane\)/);
    expect(await page.getByTestId('capacity-units').textContent()).toMatch(/a minute and a second \(a turn is 0\.5 s, a cell 1 m\)/);
    // The solved stream's own figures too; the plan stays current (the scale changes no plan).
    expect(await page.getByTestId('stream-throughput').textContent()).toMatch(/^\d+\.\d\d goals reached \([\d.]+ a minute\), \d+\.\d\d exits per 10 turns \([\d.]+ a minute\)$/);
    expect(await page.getByTestId('throughput-value').textContent()).toMatch(/; \d+\.\d\d per 10 turns \([\d.]+ a minute\) over the run$/);
    expect(await page.getByTestId('stream-time').textContent()).toMatch(/^mean \d+\.\d \(\d+\.\d s\), p95 \d+, max \d+ turns \(\d+\.\d s\)$/);
    await page.getByTestId('capacity-panel').scrollIntoViewIfNeeded();
    await screenshot(page, 'capacity-minutes');
    // One undo step takes it back.
    await page.getByTestId('map-view').hover();
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByTestId('capacity-sentence').textContent()).toBe(sentence);
    // The field follows in the render after (its text is set from the value in an effect).
    await expect.poll(() => page.getByTestId('scale-turn-seconds').inputValue()).toBe('');

    // A longer sweep, cancelled after its first runs: the rest are not run, and the last full sweep stays shown.
    await page.getByTestId('capacity-turns').fill('20000');
    await page.getByTestId('capacity-turns').press('Enter');
    await page.getByTestId('capacity-run').click();
    await expect.poll(() => page.getByTestId('capacity-progress').textContent()).toMatch(/^Run \d+ of 21/);
    await page.getByTestId('capacity-cancel').click();
    await expect.poll(() => page.getByTestId('capacity-progress').textContent()).toMatch(/^Cancelled after \d+ of 21 runs\. The last full sweep is shown\.$/);
    expect(await page.getByTestId('capacity-sentence').textContent()).toBe(sentence);
    expect(await region.textContent()).toBe(`${sentence!.charAt(0).toUpperCase()}${sentence!.slice(1)}.`);
    expect(await page.getByTestId('capacity-run').isEnabled()).toBe(true);

    // An edit of the stream makes the sweep stale, and both panels say so.
    expect(await page.getByTestId('capacity-stale').count()).toBe(0);
    await page.getByTestId('spawner-every-0').fill('3');
    await page.getByTestId('spawner-every-0').press('Enter');
    await expect.poll(() => page.getByTestId('capacity-stale').count()).toBe(1);
    expect(await region.textContent()).toMatch(/\(Measured before the scenario's last change\.\)$/);
  });
});
