/**
 * Layout at 1024 px wide: the header clipped (title cut, JSON button
 * clipped, a horizontal scrollbar), the lab's solver rows wrapped their × button, the editor's
 * status bar text showed in the lab, and the replay bar's timeline jumped narrower when
 * "planned t=…" appeared. Each is measured here in the real renderer.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';

const app = useApp({ viewport: { width: 1024, height: 768 } });

/** Elements (by selector) whose box sticks out of the window or is cut by an ancestor that hides overflow. */
async function clipped(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll(selector))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0) continue;
      let cut = box.right > window.innerWidth + 0.5 || box.left < -0.5;
      for (let p = el.parentElement; p && !cut; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX === 'visible') continue;
        const pb = p.getBoundingClientRect();
        if (box.right > pb.right + 0.5 || box.left < pb.left - 0.5) cut = true;
      }
      if (cut) out.push(`${el.tagName.toLowerCase()} '${(el.textContent ?? '').trim().slice(0, 30)}' right ${Math.round(box.right)}`);
    }
    return out;
  }, selector);
}

describe('layout at 1024 px', () => {
  it('the editor header and tool row fit: nothing clipped, no horizontal scrollbar', async () => {
    const page = app.page;
    await page.getByTestId('map-view').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    expect(await clipped(page, '.app-header button, .app-header select, .app-header h1, .scenario-meta, .edition, .tool-palette button, .replay-bar label, .replay-bar select, .replay-bar button')).toEqual([]);
    await screenshot(page, 'layout-1024-editor');
  });

  it('the replay timeline keeps its width when the Window overlay says what it shows', async () => {
    const page = app.page;
    await page.getByTestId('solver-select').selectOption('whca');
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 20_000 });
    const width = async () => (await page.locator('.timeline').boundingBox())!.width;
    const before = await width();
    await page.getByTestId('window-toggle').check();
    await page.getByTestId('window-info').waitFor();
    expect(await width()).toBe(before);
    await page.getByTestId('window-toggle').uncheck();
  });

  it('the lab shows no editor status text, and its solver rows keep their remove button on the row', async () => {
    const page = app.page;
    await page.getByTestId('view-lab').click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    expect(await clipped(page, '.app-header button, .app-header select, .app-header h1')).toEqual([]);
    const status = page.locator('.status-bar');
    if ((await status.count()) > 0) expect(await status.first().isVisible()).toBe(false);
    // Each solver row's × sits on the row (beside its solver select), with the panel scrolled.
    await page.locator('button[aria-label^="Remove solver"]').last().scrollIntoViewIfNeeded();
    const rows = await page.locator('button[aria-label^="Remove solver"]').evaluateAll((buttons) => buttons.map((b) => {
      const row = b.parentElement!;
      const select = row.querySelector('select')!.getBoundingClientRect();
      const box = b.getBoundingClientRect();
      return { onRow: box.top < select.bottom && box.bottom > select.top, name: b.getAttribute('aria-label') };
    }));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => !r.onRow)).toEqual([]);
    await screenshot(page, 'layout-1024-lab');
    await page.getByTestId('view-editor').click();
  });
});
