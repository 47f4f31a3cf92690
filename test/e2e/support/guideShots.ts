/**
 * Screenshots for the user guide (docs/), taken by the end-to-end tests that walk each workflow,
 * so every picture in the guide is what the app shows today. Written to docs/images/NAME.png at
 * the page's CSS size (device scale 1), a region of the page where that says more than the whole.
 */
import type { Locator, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const GUIDE_IMAGES = fileURLToPath(new URL('../../../docs/images/', import.meta.url));

/** The whole page, or one element of it, as docs/images/NAME.png. */
export async function guideShot(page: Page, name: string, element?: Locator): Promise<string> {
  mkdirSync(GUIDE_IMAGES, { recursive: true });
  const path = `${GUIDE_IMAGES}${name}.png`;
  if (element) await element.screenshot({ path, scale: 'css', animations: 'disabled' });
  else await page.screenshot({ path, scale: 'css', animations: 'disabled' });
  return path;
}
