/**
 * The designer's answer on the bridge (the engine's crowd beside the planners): Compare with the
 * three engine crowd models (A* + ORCA, flow field + separation, Detour crowd, whose WebAssembly
 * the solver worker prepares before its first solve) and two planners (PIBT, WHCA*). The crowd
 * rows fill the steering columns (arrived, stuck, overlaps and the deepest, reversals, step
 * times) and their statuses say what their units did, never "solved"; the planners' rows leave
 * those columns empty. A crowd row opened draws its discs at their real positions.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { compareSolvers, measuredBridge } from './support/compareSteps.ts';

const app = useApp({ acceptDialogs: true });

const CROWD = ['orca', 'flow-field', 'detour'];
const PICKED = [...CROWD, 'pibt', 'whca'];

/** Opaque pixels of the dynamic layer (discs, goals, paths: whatever the replay drew). */
async function drawnPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="dynamic-layer"]') as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 200) n++;
    return n;
  });
}

describe('browser edition: the engine crowd models beside the planners in Compare', () => {
  it('compares ORCA, flow field and Detour with PIBT and WHCA* on the bridge: steering columns, honest statuses, discs drawn', async () => {
    const page = app.page;
    await measuredBridge(page);
    await compareSolvers(page, PICKED, 180_000);
    const view = page.getByTestId('map-view');

    const headers = await page.locator('[data-testid="compare-table"] thead th').allTextContents();
    for (const h of ['Arrived', 'Stuck', 'Overlaps / deepest', 'Reversals', 'Step ms']) expect(headers).toContain(h);

    const crowdRows: number[] = [];
    for (let i = 0; i < PICKED.length; i++) {
      const status = (await page.getByTestId(`compare-status-${i}`).textContent())!;
      const arrived = (await page.getByTestId(`compare-arrived-${i}`).textContent())!;
      if (arrived === '—') {
        // A planner: no steering figures.
        for (const col of ['stuck', 'overlaps', 'reversals', 'step']) expect(await page.getByTestId(`compare-${col}-${i}`).textContent()).toBe('—');
        continue;
      }
      crowdRows.push(i);
      const stuck = Number(await page.getByTestId(`compare-stuck-${i}`).textContent());
      const [overlaps, deepest] = (await page.getByTestId(`compare-overlaps-${i}`).textContent())!.split(' / ');
      const step = (await page.getByTestId(`compare-step-${i}`).textContent())!;
      expect(Number(await page.getByTestId(`compare-reversals-${i}`).textContent())).toBeGreaterThanOrEqual(0);
      expect(deepest).toMatch(/^\d+%$/);
      expect(step).toMatch(/^\d+\.\d\d \/ \d+\.\d$/);
      // A crowd model ran its steps (Detour too: its WebAssembly was prepared in the worker).
      expect(Number(step.split(' / ')[1])).toBeGreaterThan(0);
      // The status says what the discs did, with the columns' own figures, and never "solved".
      expect(status).toMatch(new RegExp(`^arrived ${arrived} of 20`));
      expect(status.includes(`${stuck} stuck`)).toBe(stuck > 0);
      expect(status).toContain(Number(overlaps) > 0 ? `${overlaps} overlap` : 'no overlaps');
      expect(status).not.toMatch(/solved/);
    }
    expect(crowdRows).toHaveLength(CROWD.length);
    // Where a crowd model jams and a planner does not, a sentence under the table says so.
    const jammed: string[] = [];
    for (const i of crowdRows) {
      const arrived = Number(await page.getByTestId(`compare-arrived-${i}`).textContent());
      if (Number(await page.getByTestId(`compare-stuck-${i}`).textContent()) > 0 || arrived < 16) jammed.push((await page.getByTestId('compare-row').nth(i).locator('td').first().textContent())!);
    }
    const sentences = await page.getByTestId('compare-jam').allTextContents();
    for (const sentence of sentences) expect(sentence).toMatch(/^(A\*\+ORCA|Flow field|Detour): .*; (PIBT|WHCA\*) got (all 20|\d+ of 20) across( in \d+ turns)?\.$/);
    for (const name of jammed) expect(sentences.some((x) => x.startsWith(`${name}:`)) || sentences.length === 0).toBe(true);

    // A crowd row opened: its discs are drawn, and they move between turns as the replay plays.
    const row = crowdRows[0];
    await page.getByTestId('compare-row').nth(row).locator('td').first().click();
    await expect.poll(() => page.getByTestId('compare-shown').textContent()).toMatch(/^Replaying /);
    await view.hover();
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
    const before = await drawnPixels(page);
    expect(before).toBeGreaterThan(200);
    await screenshot(page, 'crowds-replay');
    await page.getByTestId('compare-panel').scrollIntoViewIfNeeded();
    await screenshot(page, 'crowds-table');
    // The steering columns, scrolled into the narrow panel.
    await page.locator('.compare-scroll').evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await screenshot(page, 'crowds-columns');
    expect(app.consoleErrors).toEqual([]);
  });
});
