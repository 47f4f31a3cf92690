/**
 * The vertical slice in a real browser: the built browser edition loads the example scenario,
 * Solve sends it through the protocol to the solver Web Worker, and the canvas draws the paths.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { chokepointExample } from '../../core/examples/chokepoint.ts';
import { solveIndependent } from '../../core/solvers/independent/independent.ts';
import { solveIdOd } from '../../core/solvers/optimal/solvers.ts';
import { defaultAgentColor } from '../../core/mapf/agentColors.ts';
import { sumOfCosts } from '../../core/mapf/plan.ts';

/** Pixel colours of the dynamic canvas layer at CSS points, as '#rrggbb' or 'transparent'. */
async function dynamicPixels(page: Page, points: [number, number][]): Promise<string[]> {
  return page.evaluate((pts) => {
    const canvas = document.querySelector('[data-testid="dynamic-layer"]') as HTMLCanvasElement;
    const ratio = canvas.width / canvas.getBoundingClientRect().width;
    const context = canvas.getContext('2d')!;
    return pts.map(([x, y]) => {
      const [r, g, b, a] = context.getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data;
      if (a < 250) return 'transparent';
      return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    });
  }, points);
}

async function viewOf(page: Page) {
  const view = page.getByTestId('map-view');
  return {
    cellSize: Number(await view.getAttribute('data-cell-size')),
    offsetX: Number(await view.getAttribute('data-offset-x')),
    offsetY: Number(await view.getAttribute('data-offset-y')),
  };
}

describe('browser edition: solve the example', () => {
  const instance = chokepointExample();
  const expected = solveIndependent(instance);
  const { grid } = instance;

  /** Midpoints of every move of every expected path, tagged with the agent. */
  function segmentMidpoints(view: { cellSize: number; offsetX: number; offsetY: number }) {
    const points: { agent: number; at: [number, number] }[] = [];
    expected.paths.forEach((path, agent) => {
      for (let t = 1; t < path.length; t++) {
        const x = (grid.x(path[t - 1]) + grid.x(path[t])) / 2 + 0.5;
        const y = (grid.y(path[t - 1]) + grid.y(path[t])) / 2 + 0.5;
        points.push({ agent, at: [view.offsetX + x * view.cellSize, view.offsetY + y * view.cellSize] });
      }
    });
    return points;
  }

  const app = useApp({ ready: 'status' });

  it('loads the example in the browser edition, with no paths drawn yet', async () => {
    await expect(app.page.getByTestId('edition').textContent()).resolves.toBe('Browser edition');
    // The view is fitted once the canvas has measured its box (a ResizeObserver's callback,
    // which a busy machine can deliver after the status shows).
    await expect.poll(async () => (await viewOf(app.page)).cellSize, { timeout: 10_000 }).toBeGreaterThan(10);
    const view = await viewOf(app.page);
    const midpoints = segmentMidpoints(view).filter((_, i) => i % 3 === 1);
    const before = await dynamicPixels(app.page, midpoints.map((m) => m.at));
    expect(before.filter((c) => c !== 'transparent').length).toBeLessThan(midpoints.length / 4);
    await screenshot(app.page, 'slice-before-solve');
  });

  it('solves through the solver worker and shows the result', async () => {
    // Independent shortest paths are deterministic, so the drawing can be checked cell by cell.
    await app.page.getByTestId('solver-select').selectOption('independent');
    await app.page.getByTestId('solve').click();
    // Its units collide at the gap: the plan validator's verdict, not 'solved', and no cost.
    await app.page.locator('[data-testid="status"][data-status="failed"]').waitFor({ timeout: 20_000 });
    const rows = app.page.locator('[data-testid="results"] tbody tr');
    await expect(rows.count()).resolves.toBe(instance.agents.length);
    await expect(app.page.getByTestId('sum-of-costs').textContent()).resolves.toBe('—');
    await expect(app.page.getByTestId('validation').textContent()).resolves.toMatch(/conflict: units \d and \d/);
  });

  it('draws every path on the canvas in its unit colour', async () => {
    const view = await viewOf(app.page);
    const midpoints = segmentMidpoints(view);
    const colours = await dynamicPixels(app.page, midpoints.map((m) => m.at));
    const palette = new Set(instance.agents.map((_, i) => defaultAgentColor(i)));
    // Paths overlap at the gap, where a later unit's line covers an earlier one, so: every
    // move's midpoint carries some unit's colour, and each unit's own colour shows on its path.
    const uncoloured = midpoints.filter((_, i) => !palette.has(colours[i]));
    expect(uncoloured).toEqual([]);
    instance.agents.forEach((_, agent) => {
      const own = midpoints.filter((m, i) => m.agent === agent && colours[i] === defaultAgentColor(agent));
      expect(own.length, `unit ${agent + 1}'s colour on its path`).toBeGreaterThan(0);
    });
    await screenshot(app.page, 'slice-solved');
  });

  it('an optimal solver offers the cost model, and the total is the optimum under the chosen one', async () => {
    const page = app.page;
    await page.getByTestId('solver-select').selectOption('id+od');
    const costModel = page.getByTestId('solver-cost-model');
    await expect(costModel.inputValue()).resolves.toBe('rest');
    const goals = instance.agents.map((a) => a.goal);
    for (const model of ['away', 'rest'] as const) {
      await costModel.selectOption(model);
      await page.getByTestId('solve').click();
      await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 20_000 });
      // The optimum is unique even where plans are not: compare with the same solver run here.
      const optimum = solveIdOd(instance, { params: { costModel: model } });
      await expect(page.getByTestId('sum-of-costs').textContent()).resolves.toBe(String(sumOfCosts(optimum.paths, goals, model)));
      await expect(page.getByTestId('sum-of-costs').getAttribute('title')).resolves.toBe(`cost model '${model}'`);
    }
    await page.getByTestId('solver-select').selectOption('independent');
    await expect(costModel.count()).resolves.toBe(0); // only the optimal solvers take it
  });

  it('had a clean console and made no request beyond the app itself', () => {
    expect(app.consoleErrors).toEqual([]);
    const base = inject('baseUrl');
    expect(app.requests.filter((url) => !url.startsWith(base) && !url.startsWith('blob:') && !url.startsWith('data:'))).toEqual([]);
  });

  it('serves the page with a strict Content-Security-Policy', async () => {
    const csp = await app.page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
  });
});
