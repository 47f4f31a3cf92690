/**
 * Autosave with a League of Robot Runners problem open: after an edit and a reload, Recover brings
 * back the problem itself (the solver panel offers the lifelong planner with the steps chosen
 * before) and Solve runs it lifelong, not the MAPF solvers on its robots.
 */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { cellPoint, isWall, layerPixels, mapView } from './mapCanvas.ts';
import { readBackup } from './support/backups.ts';

const PROBLEMS = fileURLToPath(new URL('../../../shared/benchmarks/lorr-2024/example_problems/random.domain/', import.meta.url));

const app = useApp({ when: existsSync(PROBLEMS), acceptDialogs: true });

describe.skipIf(!existsSync(PROBLEMS))('browser edition: recovering a LoRR problem', () => {
  it('recovers random_32_32_20_100 as a LoRR problem, with its planner and steps, and Solve runs it lifelong', async () => {
    const page = app.page;
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('open-scenario').click();
    await (await chooser).setFiles(join(PROBLEMS, 'random_32_32_20_100.json'));
    await page.getByTestId('lorr-files-input').setInputFiles(['maps/random-32-32-20.map', 'agents/random_32_32_20_100.agents', 'tasks/random_32_32_20.tasks'].map((f) => join(PROBLEMS, f)));
    await expect.poll(() => page.getByTestId('lorr-problem').textContent()).toMatch(/random_32_32_20_100\.json: 100 turning robots/);
    await page.getByTestId('lorr-planner').selectOption('pibt-rotations');
    await page.getByTestId('lorr-steps').fill('30');
    await page.getByTestId('lorr-steps').press('Enter');

    // An edit (a wall on the free top-left corner) leaves a backup; the tool key goes to the map, not the steps field.
    await page.getByTestId('lorr-steps').blur();
    await page.getByTestId('map-view').hover();
    await page.keyboard.press('p');
    await page.mouse.click(...cellPoint(await mapView(page), 0, 0));
    await expect.poll(() => page.getByTestId('undo').textContent()).toBe('Undo paint');
    await expect.poll(() => readBackup(page, 'mapf-lab/autosave').then((b) => b !== null), { timeout: 30_000 }).toBe(true);

    await page.reload();
    await page.getByTestId('recover').click();
    await expect.poll(() => page.getByTestId('notice').textContent()).toMatch(/^Recovered the LoRR problem “random_32_32_20_100\.json”.*Solve runs it lifelong/);
    await expect.poll(() => page.getByTestId('lorr-problem').isVisible()).toBe(true);
    expect(await page.getByTestId('lorr-problem').textContent()).toMatch(/random_32_32_20_100\.json: 100 turning robots/);
    expect(await page.getByTestId('lorr-planner').inputValue()).toBe('pibt-rotations');
    expect(await page.getByTestId('lorr-steps').inputValue()).toBe('30');
    expect(await page.getByTestId('solver-select').count()).toBe(0);
    // The edit came back with the problem: the wall painted on the top-left corner.
    const after = await mapView(page);
    await expect.poll(async () => isWall((await layerPixels(page, 'static-layer', [cellPoint(after, 0, 0, 0.3, 0.3)]))[0])).toBe(true);
    await screenshot(page, 'lorr-recovered');

    await page.getByTestId('solve').click();
    const status = page.getByTestId('status');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 120_000 }).not.toBe('running');
    expect(await status.getAttribute('data-status')).toBe('solved');
    expect(await status.textContent()).toMatch(/30 steps, \d+ tasks finished/);
    expect(await page.getByTestId('validation').textContent()).toBe('Plan validator (turning robots): no conflicts.');
    expect(app.consoleErrors).toEqual([]);
  });
});
