/**
 * Exports in the browser edition: a benchmark map and its scenario, solved, then saved as the
 * replay file, as PlanViz JSON and as a Moving AI .scen; each download is read back with the
 * reader it is meant for (core's replay file parser and the plan validator, PlanViz's action
 * rules, the .scen parser) and compared with the plan on screen and the benchmark file.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { MOVING_AI, skipWithoutBenchmarks } from '../support/benchmarks.ts';
import type { Page } from 'playwright-core';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerAsk, screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { parseReplayFile, replayFromReplayFile } from '../../core/replayFile/replayFile.ts';
import { validateReplay } from '../../core/contract/replay.ts';
import { parseMap } from '../../core/formats/movingAiMap.ts';
import { parseScenario } from '../../core/formats/movingAiScenario.ts';

const BENCHMARKS = MOVING_AI;
const MAP = join(BENCHMARKS, 'maps/random-32-32-20.map');
const SCEN = join(BENCHMARKS, 'scen/random-32-32-20-random-1.scen');

const app = useApp();

async function chooseFile(page: Page, button: string, path: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId(button).click();
  await (await chooser).setFiles(path);
}

/** Chooses an item of the toolbar's Export menu and reads the download. */
async function downloadOf(page: Page, item: 'replay' | 'planviz' | 'lorr' | 'scen' | 'solution'): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await page.getByTestId('export-menu').selectOption(item);
  const file = await download;
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
}

let replayText = '';

describe('browser edition: exports', () => {
  // Every test here works on what the benchmark files opened: absent, they all skip, saying why.
  beforeEach(skipWithoutBenchmarks);
  it('solves 10 benchmark units on random-32-32-20', async () => {
    await chooseFile(app.page, 'open-map', MAP);
    await chooseFile(app.page, 'add-units', SCEN);
    await answerAsk(app.page);
    await expect.poll(() => app.page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 10 units, 4-connected/);
    await expect(app.page.getByTestId('undo').textContent()).resolves.toBe('Undo .scen units');
    const replayItem = app.page.locator('[data-testid="export-menu"] option[value="replay"]');
    await expect(replayItem.isDisabled()).resolves.toBe(true);
    await app.page.getByTestId('solve').click();
    await app.page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 20_000 });
    await expect(replayItem.isDisabled()).resolves.toBe(false);
  });

  it('exports the units as a .scen equal to the benchmark lines they came from', async () => {
    const { name, text } = await downloadOf(app.page, 'scen');
    expect(name).toBe('random-32-32-20.scen');
    const benchmark = readFileSync(SCEN, 'utf8').split('\n');
    expect(text).toBe([...benchmark.slice(0, 11), ''].join('\n'));
    const grid = parseMap(readFileSync(MAP, 'utf8')).grid;
    expect(parseScenario(text).entries.every((e) => grid.isFreeXY(e.startX, e.startY) && e.map === 'random-32-32-20.map')).toBe(true);
  });

  it('exports the replay file, which reads back as a valid replay of the plan on screen', async () => {
    const { name, text } = await downloadOf(app.page, 'replay');
    expect(name).toBe('random-32-32-20-replay.json');
    replayText = text;
    const file = parseReplayFile(text, name);
    expect(file.map).toEqual({ kind: 'file', path: 'random-32-32-20.map' });
    expect(file.units).toHaveLength(10);
    // Seed and params as the solve request sent them (a turn limit of 4 × (32 + 32) without one set; the plan windows asked for).
    expect(file.solver).toEqual({ name: 'whca', status: 'solved', seed: 1, params: { turnLimit: 256, recordPlans: true } });
    const turns = Number((await app.page.getByTestId('turn').textContent())!.split('/')[1]);
    expect(file.turns).toBe(turns);
    expect(file.metrics.sumOfCosts).toBe(Number(await app.page.getByTestId('sum-of-costs').textContent()));
    const grid = parseMap(readFileSync(MAP, 'utf8')).grid;
    const replay = replayFromReplayFile(file);
    const instance = { grid, movement: { connectivity: 4 as const, corners: 'no-cut' as const }, agents: file.units.map((u) => ({ start: grid.cell(u.start[0], u.start[1]), goal: grid.cell(u.goal[0], u.goal[1]) })) };
    expect(validateReplay(instance, replay, { requireGoals: true }).violations).toEqual([]);
    expect(file.events.filter((e) => e.kind === 'arrival')).toHaveLength(10);
  });

  it('exports PlanViz JSON whose actions, decoded as PlanViz does, give the replay positions', async () => {
    const { name, text } = await downloadOf(app.page, 'planviz');
    expect(name).toBe('random-32-32-20-planviz.json');
    const doc = JSON.parse(text);
    expect(doc).toMatchObject({ format: 'planviz', schema_version: 1, action_model: 'MAPF', time_unit: 'timestep', ticks_per_step: 1, map: { width: 32, height: 32 } });
    const replay = parseReplayFile(replayText);
    expect(doc.max_time).toBe(replay.turns);
    const step: Record<string, [number, number]> = { U: [1, 0], D: [-1, 0], R: [0, 1], L: [0, -1], W: [0, 0] };
    doc.agents.forEach((agent: { start: number[]; actual: [string, number][] }, a: number) => {
      let [row, col] = agent.start;
      let t = 0;
      expect([col, row]).toEqual(replay.positions[0].slice(2 * a, 2 * a + 2));
      for (const [action, duration] of agent.actual) {
        for (let k = 0; k < duration; k++) {
          row += step[action][0];
          col += step[action][1];
          t++;
          expect([col, row]).toEqual(replay.positions[t].slice(2 * a, 2 * a + 2));
        }
      }
      expect(t).toBe(replay.turns);
    });
    expect(doc.metadata).toMatchObject({ solver: 'whca', teamSize: 10, map: 'random-32-32-20.map' });
    // The menu item for mapf-visualizer text gives the same positions, one line per turn.
    const solution = await downloadOf(app.page, 'solution');
    expect(solution.text.split('\n')[replay.turns]).toBe(`${replay.turns}:${replay.positions[replay.turns].reduce((s: string, v: number, i: number) => s + (i % 2 === 0 ? `(${v},` : `${v}),`), '')}`);
    await expect(app.page.getByTestId('export-menu').inputValue()).resolves.toBe('');
    await screenshot(app.page, 'exports-solved');
  });

  it('exports the League of Robot Runners JSON that PlanViz run.py reads (2023 LoRR: MAPF motions from [row, col] starts)', async () => {
    const { name, text } = await downloadOf(app.page, 'lorr');
    expect(name).toBe('random-32-32-20-lorr.json');
    const doc = JSON.parse(text);
    expect(doc).toMatchObject({ version: '2023 LoRR', actionModel: 'MAPF', teamSize: 10 });
    const replay = parseReplayFile(replayText);
    expect(doc.makespan).toBe(replay.turns);
    // PlanViz's state_transition_mapf: U row + 1, D row - 1, L col - 1, R col + 1, W stays.
    const step: Record<string, [number, number]> = { U: [1, 0], D: [-1, 0], R: [0, 1], L: [0, -1], W: [0, 0] };
    doc.actualPaths.forEach((motions: string, a: number) => {
      let [row, col] = doc.start[a];
      motions.split(',').forEach((m, t) => {
        row += step[m][0];
        col += step[m][1];
        expect([col, row]).toEqual(replay.positions[t + 1].slice(2 * a, 2 * a + 2));
      });
    });
  });

  it('opens its own replay file: the map, the units and the run, ready to play', async () => {
    const page = app.page;
    page.once('dialog', (d) => void d.accept());
    const sum = await page.getByTestId('sum-of-costs').textContent();
    // A different scenario first, so nothing on screen is left from before.
    await page.getByTestId('solver-select').selectOption('hca');
    const file = join(mkdtempSync(join(tmpdir(), 'mapf-e2e-replay-')), 'run-replay.json');
    writeFileSync(file, replayText);
    await chooseFile(page, 'open-scenario', file);
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 10 units, 4-connected/);
    const replay = parseReplayFile(replayText);
    await expect.poll(() => page.getByTestId('status').getAttribute('data-status')).toBe('solved');
    expect(Number((await page.getByTestId('turn').textContent())!.split('/')[1])).toBe(replay.turns);
    expect(await page.getByTestId('sum-of-costs').textContent()).toBe(sum);
    expect(await page.getByTestId('solver-select').inputValue()).toBe('whca');
    expect(await page.getByTestId('validation').textContent()).toBe('Plan validator: no conflicts.');
    await page.getByTestId('map-view').hover();
    await page.keyboard.press('End');
    await screenshot(page, 'replay-file-opened');
  });

  it('had a clean console', () => {
    expect(app.consoleErrors).toEqual([]);
  });
});
