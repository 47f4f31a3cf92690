/**
 * Screenshots for the user guide (docs/), taken by the end-to-end tests that walk each workflow,
 * so every picture in the guide is what the app shows today. At the page's CSS size (device
 * scale 1), a region of the page where that says more than the whole. `npm run docs:images`
 * (MAPF_GUIDE_IMAGES=1) writes them to docs/images/NAME.png; an ordinary test run writes them to
 * test-results/guide/ instead, so running the tests does not rewrite the committed pictures
 * (their timings and dates differ from run to run).
 */
import type { Locator, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const GUIDE_IMAGES = fileURLToPath(new URL(process.env.MAPF_GUIDE_IMAGES === '1' ? '../../../docs/images/' : '../../../test-results/guide/', import.meta.url));

/** The whole page, or one element of it, as docs/images/NAME.png. */
export async function guideShot(page: Page, name: string, element?: Locator): Promise<string> {
  mkdirSync(GUIDE_IMAGES, { recursive: true });
  const path = `${GUIDE_IMAGES}${name}.png`;
  if (element) await element.screenshot({ path, scale: 'css', animations: 'disabled' });
  else await page.screenshot({ path, scale: 'css', animations: 'disabled' });
  return path;
}

/**
 * A panel taller than its scrolling sidebar: scrolled to its top, and the picture cut to the part
 * the sidebar shows (an element screenshot would scroll the page under the fixed bars).
 */
export async function guidePanelShot(page: Page, name: string, element: Locator): Promise<string> {
  mkdirSync(GUIDE_IMAGES, { recursive: true });
  const path = `${GUIDE_IMAGES}${name}.png`;
  const clip = await element.evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    let scroller = el.parentElement;
    while (scroller && scroller.scrollHeight <= scroller.clientHeight) scroller = scroller.parentElement;
    const box = el.getBoundingClientRect();
    const view = (scroller ?? document.documentElement).getBoundingClientRect();
    const top = Math.max(box.top, view.top);
    const bottom = Math.min(box.bottom, view.bottom, window.innerHeight);
    return { x: box.left, y: top, width: box.width, height: Math.max(1, bottom - top) };
  });
  await page.screenshot({ path, clip, scale: 'css', animations: 'disabled' });
  return path;
}
