/**
 * Importing a designer's level in the browser edition: a Tiled map picked with its external
 * tileset opens the import dialog with its layers and a preview; reading the hidden layer walls
 * one more cell; Import gives the scenario the level's units, region, spawner and exit, which
 * solves and compares; Export writes the marks and the heat map into a copy of the map; the level
 * changed on disk (a wall on a unit's start) and Reload level keeps the rest and names the unit it
 * dropped, running the comparison again with the bridge's crossings before and after; a map
 * picked without its tileset is refused naming the tileset.
 */
import { describe, expect, it } from 'vitest';
import type { Download } from 'playwright-core';
import { decode } from 'fast-png';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { guideShot } from './support/guideShots.ts';
import { compareSolvers } from './support/compareSteps.ts';
import { useApp } from './support/app.ts';
import { EXPECTED_ROWS, LEVELS_DIR } from '../support/levelFiles.ts';

const app = useApp({ acceptDialogs: true });
const WALLS = EXPECTED_ROWS.join('').split('').filter((c) => c === '@').length;

describe('browser edition: levels', () => {
  it('imports a Tiled map with its external tileset through the dialog, solves it, and reloads the changed level', { timeout: 180_000 }, async () => {
    const page = app.page;
    let chooser = page.waitForEvent('filechooser');
    await page.getByTestId('open-level').click();
    await (await chooser).setFiles([join(LEVELS_DIR, 'level-external.tmx'), join(LEVELS_DIR, 'tilesets', 'terrain.tsx')]);
    const summary = page.getByTestId('level-summary');
    await expect.poll(() => summary.textContent()).toBe(`10 × 7 cells, ${WALLS} walls; 2 units, 1 regions, 1 spawners, 1 exits, 1 door events`);
    expect(await page.getByTestId('level-guess').textContent()).toContain('tiles whose property or class says they block');
    expect(await page.getByTestId('level-layers').textContent()).toMatch(/world\/ground.*decor.*hidden.*marks/);
    await guideShot(page, 'levels-dialog', page.getByRole('dialog'));
    // The hidden decor layer, read, walls one more cell; unread again, back as guessed.
    await page.getByTestId('level-hidden-decor').check();
    await expect.poll(() => summary.textContent()).toContain(`${WALLS + 1} walls`);
    await page.getByTestId('level-hidden-decor').uncheck();
    await expect.poll(() => summary.textContent()).toContain(`${WALLS} walls`);
    await page.getByTestId('level-import').click();
    await expect.poll(() => page.getByTestId('notice').locator('span').first().textContent()).toBe('Imported level-external.tmx: 10×7, 2 units, 1 regions, 1 spawners, 1 exits.');
    expect(await page.getByTestId('level-dialog').count()).toBe(0);

    await page.getByTestId('solver-select').selectOption('pibt');
    await page.getByTestId('solve').click();
    const status = page.getByTestId('status');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 60_000 }).not.toBe('running');
    // The level's gate shuts the bridge for good at turn 20: the units still west of it never
    // get across, and the run says so rather than calling the stream solved.
    expect(await status.getAttribute('data-status')).toBe('failed');
    expect(await status.textContent()).toMatch(/no way through from turn \d+: \d+ of \d+ units cannot reach their goals on the map as it stands/);
    await guideShot(page, 'levels-solved');

    // The marks back in the level: the heat map picture, then the copy of the map naming it.
    const downloads: Download[] = [];
    page.on('download', (d) => downloads.push(d));
    await page.getByTestId('export-menu').selectOption('level-marks');
    await expect.poll(() => downloads.length).toBe(2);
    expect(downloads.map((d) => d.suggestedFilename())).toEqual(['level-external-heat.png', 'level-external-marked.tmx']);
    const heat = decode(readFileSync((await downloads[0].path())!));
    expect([heat.width, heat.height]).toEqual([160, 112]);
    const copy = readFileSync((await downloads[1].path())!, 'utf8');
    expect(copy).toContain('<tileset firstgid="1" source="tilesets/terrain.tsx"/>');
    expect(copy).toMatch(/<imagelayer id="\d+" name="mapf-lab heat" opacity="0.8" offsetx="0" offsety="0">\n {2}<image source="level-external-heat.png" width="160" height="112"\/>/);
    expect(copy).toMatch(/<object id="\d+" name="bridge" type="region" x="80" y="48" width="16" height="16">\n {3}<properties>\n {4}<property name="crossingsPer10Turns" type="float" value="[\d.]+"\/>/);
    expect(copy).toContain('name="east" type="exit" x="128" y="16" width="16" height="80"/>');
    expect(copy).toContain('name="west" type="spawner" x="32" y="80" width="32" height="16"/>');
    page.removeAllListeners('download');

    // A comparison of two stream solvers on the level, run again by the reload below.
    await compareSolvers(page, ['pibt', 'lra']);
    const crossedBefore = await page.getByTestId('compare-region-0-0').textContent();
    expect(crossedBefore).toBeTruthy();

    // The designer walls unit B's start (1, 4) and saves; the lab reads the level again.
    const dir = mkdtempSync(join(tmpdir(), 'mapf-e2e-level-'));
    const changed = readFileSync(join(LEVELS_DIR, 'level-csv.tmx'), 'utf8').replace('2,1,1,1,1,2,1,1,1,2,\n2,1,1,1,1,2,1,3,1,2', '2,2,1,1,1,2,1,1,1,2,\n2,1,1,1,1,2,1,3,1,2');
    expect(changed).toContain('2,2,1,1,1,2,1,1,1,2,');
    writeFileSync(join(dir, 'level-external.tmx'), changed);
    chooser = page.waitForEvent('filechooser');
    await page.getByTestId('reload-level').click();
    await (await chooser).setFiles(join(dir, 'level-external.tmx'));
    await expect.poll(() => summary.textContent()).toContain(`${WALLS + 1} walls`);
    await page.getByTestId('level-import').click();
    await expect.poll(() => page.getByTestId('notice').locator('span').first().textContent(), { timeout: 40_000 })
      .toMatch(/^Reloaded level-external\.tmx: 10×7\. Dropped: unit B: its start \(1, 4\) is now a wall\. Comparison run again: bridge crossings per 10 turns: LRA\* [\d.]+ → [\d.]+, PIBT [\d.]+ → [\d.]+\.$/);
    expect(await page.getByTestId('compare-kept').locator('option').count()).toBe(2);
    await guideShot(page, 'levels-reloaded');
  });

  it('a map picked without its external tileset is refused, naming the tileset, and the open scenario stays', async () => {
    const page = app.page;
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('open-level').click();
    await (await chooser).setFiles(join(LEVELS_DIR, 'level-external.tmx'));
    await expect.poll(() => page.getByTestId('level-error').textContent()).toBe("level-external.tmx: external tileset 'tilesets/terrain.tsx' is missing (looked for it relative to the map)");
    expect(await page.getByTestId('level-import').isDisabled()).toBe(true);
    await page.getByTestId('level-cancel').click();
    expect(await page.getByTestId('level-dialog').count()).toBe(0);
  });
});
