/**
 * The lab's progress as the page shows it, read without fixed sleeps: a busy machine may take
 * seconds to finish the runs in flight after a pause, so tests poll until nothing moves.
 */
import type { Page } from 'playwright-core';

/**
 * The done count once no run is in flight and the count has not moved for `quietMs`, polled
 * every 100 ms (at most `timeoutMs`).
 */
export async function settledDone(page: Page, quietMs = 500, timeoutMs = 60_000): Promise<number> {
  const read = () => page.getByTestId('lab-progress-text').evaluate((el) => ({ done: Number(el.getAttribute('data-done')), running: Number(el.getAttribute('data-running')) }));
  const giveUp = Date.now() + timeoutMs;
  let last = -1;
  let since = Date.now();
  for (;;) {
    const now = await read();
    if (now.running !== 0 || now.done !== last) {
      last = now.done;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) {
      return now.done;
    }
    if (Date.now() > giveUp) throw new Error(`the lab's progress did not settle within ${timeoutMs} ms (done ${now.done}, ${now.running} in flight)`);
    await page.waitForTimeout(100);
  }
}
