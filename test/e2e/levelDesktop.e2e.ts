/**
 * Reload level in the desktop edition (preload API stand-in): the level and the tileset it names
 * are read from beside the scenario by main, with no file to pick; the changed level is read
 * with the same choices and the unit whose start became a wall is dropped and named.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useApp } from './support/app.ts';
import { FAKE_DESKTOP_API } from './support/fakeDesktopApi.ts';
import { LEVELS_DIR } from '../support/levelFiles.ts';

const app = useApp({
  prepare: async (p) => {
    await p.addInitScript(FAKE_DESKTOP_API);
  },
  ready: 'status',
  acceptDialogs: true,
});

type Call = [string, ...unknown[]];

describe('desktop edition: Reload level', () => {
  it('reads the level and its tileset from beside the scenario, and names what the change dropped', async () => {
    const page = app.page;
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('open-level').click();
    await (await chooser).setFiles([join(LEVELS_DIR, 'level-external.tmx'), join(LEVELS_DIR, 'tilesets', 'terrain.tsx')]);
    await page.getByTestId('level-import').click();
    await expect.poll(() => page.getByTestId('notice').locator('span').first().textContent()).toMatch(/^Imported level-external\.tmx: 10×7, 2 units/);

    // The designer walled unit A's start (1, 1) in Tiled and saved, beside the scenario.
    const level = readFileSync(join(LEVELS_DIR, 'level-zlib.tmx'), 'utf8').replace(/<tileset firstgid="1" name="terrain"[\s\S]*?<\/tileset>/, '<tileset firstgid="1" source="tilesets/terrain.tsx"/>');
    const changed = level.replace(/<layer id="2" name="ground"[\s\S]*?<\/layer>/, (layer) => layer.replace(/<data[\s\S]*<\/data>/, `<data encoding="csv">\n${[
      '2,2,2,2,2,2,2,2,2,2', '2,2,1,1,1,2,1,4,1,2', '2,1,1,1,1,2,1,1,1,2', '2,1,1,1,1,1,1,1,1,2', '2,1,1,1,1,2,1,1,1,2', '2,1,1,1,1,2,1,3,1,2', '2,2,2,2,2,2,2,2,2,2',
    ].join(',\n')}\n</data>`));
    expect(changed).toContain('source="tilesets/terrain.tsx"');
    await page.evaluate((files) => { (window as unknown as { __desktop: { besideFiles: Record<string, string> } }).__desktop.besideFiles = files; }, {
      'level-external.tmx': changed,
      'tilesets/terrain.tsx': readFileSync(join(LEVELS_DIR, 'tilesets', 'terrain.tsx'), 'utf8'),
    });
    await page.getByTestId('reload-level').click();
    await expect.poll(() => page.getByTestId('level-summary').textContent()).toMatch(/^10 × 7 cells, 37 walls; 1 units/);
    await page.getByTestId('level-import').click();
    await expect.poll(() => page.getByTestId('notice').locator('span').first().textContent()).toBe('Reloaded level-external.tmx: 10×7. Dropped: unit A: its start (1, 1) is now a wall.');
    const calls = await page.evaluate(() => (window as unknown as { __desktop: { calls: Call[] } }).__desktop.calls);
    expect(calls.filter((c) => c[0] === 'beside')).toEqual([['beside', 'level-external.tmx', 'level'], ['beside', 'tilesets/terrain.tsx', 'level']]);
  });

  it('reads the level again by itself when main says it changed on disk, and keeps the scenario when it no longer reads', async () => {
    const page = app.page;
    const desktop = (files: Record<string, string>) => page.evaluate((f) => { (window as unknown as { __desktop: { besideFiles: Record<string, string> } }).__desktop.besideFiles = f; }, files);
    const changed = (path: string) => page.evaluate((p) => (window as unknown as { __desktop: { levelChanged(p: string): void } }).__desktop.levelChanged(p), path);
    const notice = () => page.getByTestId('notice').locator('span').first().textContent();
    const tileset = readFileSync(join(LEVELS_DIR, 'tilesets', 'terrain.tsx'), 'utf8');
    // The designer opened the bridge again: the original level (unit A's start free), saved in Tiled.
    const original = readFileSync(join(LEVELS_DIR, 'level-zlib.tmx'), 'utf8').replace(/<tileset firstgid="1" name="terrain"[\s\S]*?<\/tileset>/, '<tileset firstgid="1" source="tilesets/terrain.tsx"/>');
    await desktop({ 'level-external.tmx': original, 'tilesets/terrain.tsx': tileset });
    await changed('level-external.tmx');
    await expect.poll(notice).toBe('level-external.tmx changed on disk: reloaded level-external.tmx (10×7). Everything was kept.');
    // A file the scenario's level does not name is not its business.
    await changed('elsewhere/other.tmx');
    await page.waitForTimeout(200);
    expect(await notice()).toBe('level-external.tmx changed on disk: reloaded level-external.tmx (10×7). Everything was kept.');
    // Saved half-written: the scenario stays as it was, and the notice says why.
    await desktop({ 'level-external.tmx': original.replace('encoding="base64" compression="zlib">', 'encoding="base64" compression="zlib">AAAA'), 'tilesets/terrain.tsx': tileset });
    await changed('tilesets/terrain.tsx');
    await expect.poll(notice).toMatch(/^tilesets\/terrain\.tsx changed on disk but does not read now, so the scenario stays as it was: level-external\.tmx: layer 'world\/ground' its zlib data is corrupt/);
    expect(await page.getByTestId('scenario-meta').textContent()).toContain('10×7, 1 units');
  });
});
