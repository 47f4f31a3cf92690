/**
 * A gridlock on the replay's timeline: LRA* on a one-lane bridge (8 cells, 6 units a side) locks
 * head-on; after Solve the status and the timeline's mark at the turn the lock began say who,
 * where (the measured bridge) and how many are stuck (units from 1), the mark placed at that
 * turn's share of the track.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { bridgeScenario } from '../../core/mapgen/bridges.ts';

const app = useApp({ acceptDialogs: true });

describe('browser edition: a gridlock on the replay\'s timeline', () => {
  it('marks the turn the lock began, with its words', async () => {
    const page = app.page;
    const scenario = { ...bridgeScenario({ length: 8, unitsPerSide: 6 }), solver: { solver: 'lra', turnLimit: 300 } };
    const file = join(mkdtempSync(join(tmpdir(), 'mapf-e2e-gridlock-')), 'bridge.json');
    writeFileSync(file, JSON.stringify(scenario));
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('open-scenario').click();
    await (await chooser).setFiles(file);
    await expect.poll(() => page.getByTestId('scenario-name').textContent()).toMatch(/^One-lane bridge/);
    // No plan, no mark.
    expect(await page.getByTestId('timeline-gridlock').count()).toBe(0);
    await page.getByTestId('solve').click();
    const mark = page.getByTestId('timeline-gridlock');
    await mark.waitFor({ timeout: 30_000 });
    const title = (await mark.getAttribute('title'))!;
    // Placed by the scenario's measured region, as the command line places it.
    expect(title).toMatch(/^t=(\d+): gridlock at bridge from turn \1: units \d+ and \d+ head-on at \(\d+, \d+\); \d+ of 12 units stuck$/);
    expect(await page.getByTestId('status').textContent()).toMatch(/^Not solved: gridlock at bridge from turn \d+: units \d+ and \d+ head-on/);
    expect(await mark.getAttribute('aria-label')).toBe(title);
    const t = Number(await mark.getAttribute('data-t'));
    // At its turn's share of the track.
    const turns = Number((await page.getByTestId('turn').textContent())!.match(/\/ (\d+)/)![1]);
    const track = (await page.getByTestId('timeline').boundingBox())!;
    const box = (await mark.boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - (track.x + (t / turns) * track.width))).toBeLessThanOrEqual(3);
    await screenshot(page, 'gridlock-timeline');
    expect(app.consoleErrors).toEqual([]);
  });
});
