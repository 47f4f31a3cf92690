/**
 * PIBT, LaCAM and LaCAM* from the app: in the browser edition each is offered in the
 * solver panel, solves the example through the solver worker, and its plan passes the plan
 * validator, with a sum of costs shown; LaCAM* stops at the time limit set in the panel.
 */
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';

const app = useApp({ ready: 'status' });

describe('the PIBT / LaCAM family in the app', () => {
  for (const solver of ['pibt', 'lacam', 'lacam-star']) {
    it(`${solver} solves the example with a valid plan`, async () => {
      const page = app.page;
      await page.getByTestId('solver-select').selectOption(solver);
      if (solver === 'lacam-star') {
        const limit = page.getByTestId('solver-time-limit');
        await limit.fill('1');
        await limit.press('Enter');
      }
      await page.getByTestId('solve').click();
      await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 30_000 });
      await expect(page.getByTestId('validation').textContent()).resolves.toBe('Plan validator: no conflicts.');
      await expect(page.getByTestId('sum-of-costs').textContent()).resolves.toMatch(/^\d+$/);
      await screenshot(page, `scale-${solver}`);
    });
  }
});

describe('the CBS family in the app', () => {
  it('cbs and eecbs solve the example and show their proved lower bound', async () => {
    const page = app.page;
    for (const solver of ['cbs', 'eecbs']) {
      await page.getByTestId('solver-select').selectOption(solver);
      await page.getByTestId('solve').click();
      await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 30_000 });
      await expect(page.getByTestId('validation').textContent()).resolves.toBe('Plan validator: no conflicts.');
      const soc = Number(await page.getByTestId('sum-of-costs').textContent());
      const bound = await page.getByTestId('cost-lower-bound').textContent();
      expect(bound).toMatch(/^Proved lower bound on the sum of costs: \d+; sum of costs \/ bound \d\.\d{3}/);
      const value = Number(/: (\d+);/.exec(bound!)![1]);
      expect(value).toBeLessThanOrEqual(soc);
      if (solver === 'cbs') expect(bound).toContain('(optimal)');
      else expect(soc).toBeLessThanOrEqual(1.2 * value);
      await screenshot(page, `bound-${solver}`);
    }
  });
});
