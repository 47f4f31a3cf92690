/**
 * A setting for one solver never breaks another: a replanning strategy set while the map had a
 * moving obstacle stays in the scenario's params when the obstacle goes, and HCA* (or PIBT,
 * LaCAM, Compare's rows) refused the whole solve with "unknown param 'strategy'" while the
 * field that set it was hidden. Now the run leaves it out, and the solver panel names it with a
 * Clear button.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';

const app = useApp({ acceptDialogs: true });

// The scenario as it is once its cart was removed: units planning alone, replanning by splice.
const SCENARIO = {
  format: 'mapf-lab/scenario', version: 3, name: 'Cart gone',
  map: { kind: 'inline', rows: ['..........', '..........', '..........'] },
  agents: [{ id: 'a', start: [0, 0], goal: [9, 0] }, { id: 'b', start: [9, 2], goal: [0, 2] }],
  solver: { solver: 'independent', params: { strategy: 'splice', m: 4 } },
};

describe('browser edition: a leftover param', () => {
  it('does not fail HCA*, PIBT or Compare; the panel names it and clears it', async () => {
    const page = app.page;
    const file = join(mkdtempSync(join(tmpdir(), 'mapf-e2e-leftover-')), 'gone.json');
    writeFileSync(file, JSON.stringify(SCENARIO));
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('open-scenario').click();
    await (await chooser).setFiles(file);
    await expect.poll(() => page.getByTestId('scenario-name').textContent()).toBe('Cart gone');
    // No obstacle: the strategy's field is hidden, and the leftover is named where the user sees it.
    expect(await page.getByTestId('solver-strategy').count()).toBe(0);
    await expect.poll(() => page.getByTestId('unused-params').textContent()).toMatch(/Not used by independent without obstacles: strategy = "splice", m = 4/);
    for (const solver of ['hca', 'pibt']) {
      await page.getByTestId('solver-select').selectOption(solver);
      await page.getByTestId('solve').click();
      await expect.poll(() => page.getByTestId('status').getAttribute('data-status'), { timeout: 30_000 }).toBe('solved');
    }
    await screenshot(page, 'leftover-params');
    // Compare's row for the scenario's own solver (PIBT now) and another solve too.
    for (const name of ['pibt', 'hca']) await page.getByTestId(`compare-pick-${name}`).check();
    await page.getByTestId('compare-run').click();
    await expect.poll(() => page.getByTestId('compare-row').count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => page.getByTestId('compare-progress').count().then(async (n) => (n === 0 ? '' : await page.getByTestId('compare-progress').textContent())), { timeout: 60_000 }).not.toMatch(/^Running/);
    const statuses = await page.locator('[data-testid^="compare-status-"]').allTextContents();
    expect(statuses.every((s) => s === 'solved'), statuses.join(' | ')).toBe(true);
    // Clear removes them from the scenario (one undoable settings change).
    await page.getByTestId('clear-unused-params').click();
    await expect.poll(() => page.getByTestId('unused-params').count()).toBe(0);
    expect(app.consoleErrors).toEqual([]);
  });
});
