/** Frame timing for the playback and follow e2e tests: what the page's animation frames show. */
import type { Page } from 'playwright-core';

/**
 * Intervals in ms between the page's animation frames over `spanMs` (the first, which only waits
 * for a frame to come, left out): frames every 16.7 ms mean the page kept up with the display.
 */
export function frameIntervals(page: Page, spanMs = 3000): Promise<number[]> {
  return page.evaluate(
    (span) =>
      new Promise<number[]>((resolve) => {
        const times: number[] = [];
        let last = performance.now();
        const started = last;
        const frame = (now: number) => {
          times.push(now - last);
          last = now;
          if (now - started < span) requestAnimationFrame(frame);
          else resolve(times.slice(1));
        };
        requestAnimationFrame(frame);
      }),
    spanMs,
  );
}

export function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** The value below which a share `p` of `values` lies (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  return [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
}
