/**
 * The solver's own params in the solver panel (issues 13 and 14: "the app's solver panel with
 * their parameters"): EECBS offers w, and the plan it returns costs at most w times the bound it
 * proves; switching to CBS drops w and offers CBS's improvements, one switched off still gives
 * the optimum; LaCAM* offers its refiner and LaCAM does not.
 */
import { describe, expect, it } from 'vitest';
import { screenshot, type WatchedPage } from './browser.ts';
import { useApp } from './support/app.ts';

const app = useApp({ ready: 'status' });

/** The bound line's bound and its sum of costs over it. */
async function boundLine(page: WatchedPage['page']): Promise<{ bound: number; ratio: number }> {
  const text = (await page.getByTestId('cost-lower-bound').textContent())!;
  const match = /sum of costs: (\d+); sum of costs \/ bound ([\d.]+)/.exec(text);
  expect(match, text).not.toBeNull();
  return { bound: Number(match![1]), ratio: Number(match![2]) };
}

async function solve(page: WatchedPage['page']): Promise<void> {
  await page.getByTestId('solve').click();
  await page.locator('[data-testid="status"]:is([data-status="solved"], [data-status="failed"], [data-status="timeout"])').waitFor({ timeout: 30_000 });
  await expect(page.getByTestId('status').getAttribute('data-status')).resolves.toBe('solved');
}

describe('browser edition: solver params in the panel', () => {
  it('EECBS takes w from the panel and its plan costs at most w times its proved bound', async () => {
    const page = app.page;
    await page.getByTestId('solver-select').selectOption('eecbs');
    const w = page.getByTestId('param-w');
    await expect(w.getAttribute('placeholder')).resolves.toBe('1.2');
    await w.fill('1.5');
    await w.press('Enter');
    await solve(page);
    const { bound, ratio } = await boundLine(page);
    expect(bound).toBeGreaterThan(0);
    expect(ratio).toBeLessThanOrEqual(1.5);
    await screenshot(page, 'solver-params-eecbs');
  });

  it('CBS drops w, offers its improvements, and with rectangle reasoning off still proves the optimum', async () => {
    const page = app.page;
    await page.getByTestId('solver-select').selectOption('cbs');
    await expect.poll(() => page.getByTestId('param-w').count()).toBe(0);
    const rectangle = page.getByTestId('param-rectangle');
    await expect(rectangle.isChecked()).resolves.toBe(true);
    await rectangle.uncheck();
    await expect.poll(() => page.getByTestId('param-heuristic').inputValue()).toBe('wdg');
    await solve(page);
    const { bound } = await boundLine(page);
    await expect(page.getByTestId('cost-lower-bound').textContent()).resolves.toContain('(optimal)');
    expect(Number(await page.getByTestId('sum-of-costs').textContent())).toBe(bound);
    await screenshot(page, 'solver-params-cbs');
  });

  it('LaCAM* offers its refiner, LaCAM does not', async () => {
    const page = app.page;
    await page.getByTestId('solver-select').selectOption('lacam-star');
    await expect(page.getByTestId('param-refineGroup').getAttribute('placeholder')).resolves.toBe('8');
    await expect(page.getByTestId('param-scatterMargin').getAttribute('placeholder')).resolves.toBe('10');
    await page.getByTestId('solver-select').selectOption('lacam');
    await expect.poll(() => page.getByTestId('param-refineGroup').count()).toBe(0);
    await expect(page.getByTestId('param-scatterMargin').getAttribute('placeholder')).resolves.toBe('0');
  });
});
