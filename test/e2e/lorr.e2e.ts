/**
 * A League of Robot Runners problem in the browser edition: File > Open of the 2024 example
 * random_32_32_20_100.json asks for the three files it names (the page reads none by path) and
 * lists them; once chosen, the map opens with its 100 robots; Solve runs flow-pibt lifelong in the
 * solver worker (progress, then the run's measures); robots are drawn with a wedge the way they
 * face (east at step 0, then as the exported run says), and the throughput line under the
 * timeline counts tasks finished. The PlanViz export is downloaded and read back: its actions
 * replay to the headings the canvas shows.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { cellPoint, layerPixels, settledView } from './mapCanvas.ts';

const PROBLEMS = fileURLToPath(new URL('../../../shared/benchmarks/lorr-2024/example_problems/random.domain/', import.meta.url));
const STEPS = 80;

// Tall enough for cells of about 25 px: the wedge on a disc is then several pixels wide.
const app = useApp({ when: existsSync(PROBLEMS), viewport: { width: 1600, height: 1300 }, acceptDialogs: true });

/** The wedge is near-white; a disc is a saturated unit colour. */
const isWedge = ([r, g, b, a]: [number, number, number, number]) => a > 200 && r > 215 && g > 215 && b > 215;
const isDisc = ([r, g, b, a]: [number, number, number, number]) => a > 200 && Math.max(r, g, b) - Math.min(r, g, b) > 50;

describe.skipIf(!existsSync(PROBLEMS))('browser edition: a LoRR problem', () => {
  it('opens random_32_32_20_100, runs it lifelong, draws headings and the throughput line, and exports for PlanViz', async () => {
    const page = app.page;
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('open-scenario').click();
    await (await chooser).setFiles(join(PROBLEMS, 'random_32_32_20_100.json'));
    // The files it names, listed; choosing them opens the problem.
    const prompt = page.getByTestId('lorr-files');
    await expect.poll(() => prompt.isVisible()).toBe(true);
    expect(await page.getByTestId('lorr-file').allTextContents()).toEqual(['• maps/random-32-32-20.map', '• agents/random_32_32_20_100.agents', '• tasks/random_32_32_20.tasks']);
    await screenshot(page, 'lorr-files-asked');
    await page.getByTestId('lorr-files-input').setInputFiles([join(PROBLEMS, 'maps/random-32-32-20.map'), join(PROBLEMS, 'agents/random_32_32_20_100.agents')]);
    await expect.poll(() => page.getByTestId('notice').textContent()).toMatch(/still needs random_32_32_20\.tasks/);
    await page.getByTestId('lorr-files-input').setInputFiles(join(PROBLEMS, 'tasks/random_32_32_20.tasks'));
    await expect.poll(() => page.getByTestId('lorr-problem').textContent()).toMatch(/random_32_32_20_100\.json: 100 turning robots/);
    expect(await prompt.count()).toBe(0);
    // Comparing MAPF solvers on a lifelong problem's units would compare nothing it asks: the panel says where to compare planners.
    expect(await page.getByTestId('compare-panel-lorr').textContent()).toMatch(/compare its lifelong planners against team size in the Lab/);

    await page.getByTestId('lorr-steps').fill(String(STEPS));
    await page.getByTestId('lorr-steps').press('Enter');
    // The League's two tracks, chosen apart: the planner and the task scheduler.
    expect(await page.getByTestId('lorr-scheduler').locator('option').allTextContents()).toEqual(['greedy', 'hungarian', 'ours']);
    await page.getByTestId('lorr-scheduler').selectOption('hungarian');
    await page.getByTestId('solve').click();
    const status = page.getByTestId('status');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 120_000 }).not.toBe('running');
    expect(await status.getAttribute('data-status')).toBe('solved');
    expect(await status.textContent()).toMatch(new RegExp(`${STEPS} steps, \\d+ tasks finished`));
    expect(await page.getByTestId('validation').textContent()).toBe('Plan validator (turning robots): no conflicts.');
    const tasks = Number(/^(\d+) in 80 steps/.exec((await page.getByTestId('lifelong-tasks').textContent())!)![1]);
    expect(tasks).toBeGreaterThan(20);
    expect(await page.getByTestId('lifelong-ran').textContent()).toBe('planner flow-pibt, scheduler hungarian');

    // The throughput line: tasks finished per 10 steps, over every step.
    const chart = page.getByTestId('throughput-chart');
    await expect.poll(() => chart.isVisible()).toBe(true);
    expect(Number(await chart.getAttribute('data-turns'))).toBe(STEPS);
    expect(await page.getByTestId('throughput-value').textContent()).toMatch(/^Throughput: 0 tasks finished in the 10 turns to turn 0; [\d.]+ per 10 turns over the run$/);

    // The export for PlanViz, read back: robots' states per step (row, column, our heading).
    const download = page.waitForEvent('download');
    await page.getByTestId('export-planviz').click();
    const doc = JSON.parse(readFileSync((await (await download).path())!, 'utf8')) as { teamSize: number; makespan: number; numTaskFinished: number; start: [number, number, string][]; actualPaths: string[] };
    expect(doc).toMatchObject({ teamSize: 100, makespan: STEPS, numTaskFinished: tasks });
    const states = doc.actualPaths.map((actions, r) => {
      let [row, col] = doc.start[r];
      let h = 0; // east, as every robot starts
      const out = [[row, col, h]];
      for (const a of actions.split(',')) {
        if (a === 'F') [row, col] = [row + [0, 1, 0, -1][h], col + [1, 0, -1, 0][h]];
        else if (a === 'R') h = (h + 1) % 4;
        else if (a === 'C') h = (h + 3) % 4;
        out.push([row, col, h]);
      }
      return out;
    });

    // At step 0 every robot faces east: the wedge on its east half, its colour on its west side.
    const timeline = page.getByTestId('timeline');
    await page.getByTestId('paths-selected-toggle').check();
    await page.getByTestId('labels-toggle').uncheck();
    await timeline.fill('0');
    const view = await settledView(page);
    // Where the wedge points: the mean offset of the wedge's (near-white) pixels on the robot's disc
    // from its centre, as a heading (0 east, 1 south, 2 west, 3 north), or -1 with no wedge there.
    const facing = async (t: number, r: number): Promise<number> => {
      const [row, col] = states[r][t];
      const offsets: [number, number][] = [];
      for (let dy = -0.32; dy <= 0.321; dy += 0.04) for (let dx = -0.32; dx <= 0.321; dx += 0.04) if (dx * dx + dy * dy < 0.33 * 0.33) offsets.push([dx, dy]);
      const pixels = await layerPixels(page, 'dynamic-layer', offsets.map(([dx, dy]) => cellPoint(view, col, row, 0.5 + dx, 0.5 + dy)));
      let sx = 0;
      let sy = 0;
      let n = 0;
      pixels.forEach((p, i) => {
        if (!isWedge(p)) return;
        sx += offsets[i][0];
        sy += offsets[i][1];
        n++;
      });
      if (n < 4) return -1;
      return Math.abs(sx) > Math.abs(sy) ? (sx > 0 ? 0 : 2) : sy > 0 ? 1 : 3;
    };
    const [row0, col0] = states[0][0];
    await screenshot(page, 'lorr-random-step0');
    expect(await facing(0, 0)).toBe(0);
    expect(isDisc((await layerPixels(page, 'dynamic-layer', [cellPoint(view, col0, row0, 0.24, 0.5)]))[0])).toBe(true);
    await screenshot(page, 'lorr-random-step0');

    // A step where some robot stands still facing south or north (the run turned it): its wedge points there.
    let found: [number, number] | null = null;
    for (let t = 10; t < STEPS && !found; t++) {
      for (let r = 0; r < 100 && !found; r++) {
        const [row, col, h] = states[r][t];
        const still = t + 1 < states[r].length && states[r][t + 1][0] === row && states[r][t + 1][1] === col && states[r][t + 1][2] === h;
        if ((h === 1 || h === 3) && still) found = [t, r];
      }
    }
    expect(found).not.toBeNull();
    const [t, r] = found!;
    await timeline.fill(String(t));
    await expect.poll(() => page.getByTestId('turn').textContent()).toBe(`t = ${t} / ${STEPS}`);
    await expect.poll(() => facing(t, r)).toBe(states[r][t][2]);
    await expect.poll(() => page.getByTestId('throughput-value').textContent()).toMatch(new RegExp(`tasks finished in the 10 turns to turn ${t};`));
    await screenshot(page, 'lorr-random-turned');
    expect(app.consoleErrors).toEqual([]);
  });
});
