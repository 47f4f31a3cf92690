/**
 * The stream templates in the browser edition: each (a bridge with two-way traffic, a gate under
 * waves, a mine-base shuttle) opens from the New map panel with its spawners, exits, measured
 * regions and stream-capable solver, solves in the solver worker with a valid plan, and gives the
 * stream's measures. Screenshots: streamTemplate-<kind>.
 */
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';

/** The templates as renderer/src/templates/streamTemplates.ts makes them: kind, name, solver. */
const TEMPLATES = [
  { kind: 'bridge-stream', name: 'Bridge, two-way traffic', solver: 'pibt' },
  { kind: 'gate-waves', name: 'Gate under waves', solver: 'pibt' },
  { kind: 'shuttle', name: 'Mine-base shuttle', solver: 'pibt' },
];

const app = useApp({ acceptDialogs: true });

describe('browser edition: stream templates', () => {
  it.each(TEMPLATES)('$kind opens from New map and solves with its solver, every plan valid', async (template) => {
    const page = app.page;
    const { kind } = template;
    await page.getByTestId('generate-kind').selectOption(kind);
    await page.getByTestId('generate').click();
    await expect.poll(() => page.getByTestId('scenario-name').textContent()).toBe(template.name);
    expect(await page.getByTestId('solver-select').inputValue()).toBe(template.solver);
    await page.getByTestId('solve').click();
    const status = page.getByTestId('status');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 60_000 }).not.toBe('running');
    expect(await status.getAttribute('data-status')).toBe('solved');
    expect(await page.getByTestId('validation').textContent()).toBe('Plan validator: no conflicts.');
    const units = (await page.getByTestId('stream-units').textContent())!;
    const [, appeared, left] = /^(\d+) appeared, (\d+) left by an exit/.exec(units)!.map(Number);
    expect(appeared).toBeGreaterThan(0);
    // The shuttle's workers never leave (they have no exit); the others' units do.
    if (kind === 'shuttle') expect(left).toBe(0);
    else expect(left).toBeGreaterThan(0);
    console.log(`${template.name} (${template.solver}): ${units}; ${await page.getByTestId('stream-throughput').textContent()}`);
    // The middle of the run, for the screenshot.
    const timeline = page.getByTestId('timeline');
    const max = Number(await timeline.getAttribute('max'));
    await timeline.fill(String(Math.round(max / 2)));
    await expect.poll(() => page.getByTestId('turn').textContent()).toBe(`t = ${Math.round(max / 2)} / ${max}`);
    await screenshot(page, `streamTemplate-${kind}`);
    expect(app.consoleErrors).toEqual([]);
  });
});
