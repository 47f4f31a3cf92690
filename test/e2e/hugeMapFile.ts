/**
 * The generated 5000 x 5000 .map the huge-map e2e files open (hugeMap.e2e.ts,
 * hugeMapAutosave.e2e.ts): free, with two thick wall bars, and the page steps they share.
 */
import type { Page } from 'playwright-core';
import { writeFileSync } from 'node:fs';

export const SIDE = 5000;

/** Wall bars: columns 1000..1299 over rows 500..4499, and rows 3000..3299 over columns 2000..4799. */
export const isWallCell = (x: number, y: number) => (x >= 1000 && x < 1300 && y >= 500 && y < 4500) || (y >= 3000 && y < 3300 && x >= 2000 && x < 4800);

/** The map's rows, `wall(x, y)` deciding each cell (by default the two bars). */
export function hugeMapText(wall: (x: number, y: number) => boolean = isWallCell): string {
  const free = '.'.repeat(SIDE);
  const walls = '@'.repeat(SIDE);
  const rows: string[] = [];
  for (let y = 0; y < SIDE; y++) {
    let row = '';
    for (let x = 0; x < SIDE; ) {
      // Runs of the same kind, so building 25 M characters stays quick.
      let end = x;
      const isWall = wall(x, y);
      while (end < SIDE && wall(end, y) === isWall) end++;
      row += (isWall ? walls : free).slice(0, end - x);
      x = end;
    }
    rows.push(row);
  }
  return `type octile\nheight ${SIDE}\nwidth ${SIDE}\nmap\n${rows.join('\n')}\n`;
}

export function writeHugeMap(file: string): void {
  writeFileSync(file, hugeMapText());
}

export async function chooseFile(page: Page, button: string, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId(button).click();
  await (await chooser).setFiles(file);
}

/** Keeps every message the notice shows from now on, without its buttons (progress notices come and go between two polls). */
export async function recordNotices(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { mapfLabNotices: string[] }).mapfLabNotices = seen;
    const note = () => {
      const text = document.querySelector('[data-testid="notice"] > span')?.textContent ?? '';
      if (text !== '' && seen[seen.length - 1] !== text) seen.push(text);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

export function noticesSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { mapfLabNotices?: string[] }).mapfLabNotices ?? []);
}
