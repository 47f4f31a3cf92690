/** Builds a chokepoint template through the Generate panel and waits for it to open. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface TemplateAsk {
  kind: 'door' | 'bridge';
  width: number;
  height: number;
  opening: number;
  length: number;
  unitsPerSide: number;
}

/** The bridge of the designer's story: 40x20, one lane, 10 long, 10 units a side (cells x 15..24 on row 9). */
export const ONE_LANE_BRIDGE: TemplateAsk = { kind: 'bridge', width: 40, height: 20, opening: 1, length: 10, unitsPerSide: 10 };

export async function generateTemplate(page: Page, ask: TemplateAsk): Promise<void> {
  await page.getByTestId('generate-kind').selectOption(ask.kind);
  await page.getByTestId('generate-width').fill(String(ask.width));
  await page.getByTestId('generate-height').fill(String(ask.height));
  await page.getByTestId('generate-opening').fill(String(ask.opening));
  await page.getByTestId('generate-length').fill(String(ask.length));
  await page.getByTestId('generate-units').fill(String(ask.unitsPerSide));
  await page.getByTestId('generate').click();
  await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(new RegExp(`^${ask.width}×${ask.height}, ${2 * ask.unitsPerSide} units`));
}
