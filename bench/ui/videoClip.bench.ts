/**
 * Replay to video: wall time and the page's long tasks (PerformanceObserver 'longtask', over
 * 50 ms) while recording the whole replay of 10 units solved on random-32-32-20 (145 frames at
 * 4 frames a turn) as GIF and video at two sizes, in Debian's headless Chromium, with the load.
 * Run after `npm run build:web`: `flock /work/wt/bench.lock npx tsx bench/ui/videoClip.bench.ts`.
 */
import { chromium } from 'playwright-core';
import { loadavg } from 'node:os';
import { startStaticServer } from '../../test/e2e/staticServer.ts';
const BM = new URL('../../../shared/benchmarks/movingai/', import.meta.url).pathname;
const server = await startStaticServer(new URL('../../out/web/', import.meta.url).pathname);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const p = await b.newPage({ viewport: { width: 1280, height: 800 } });
await p.goto(server.url);
const choose = async (button: string, path: string) => { const c = p.waitForEvent('filechooser'); await p.getByTestId(button).click(); await (await c).setFiles(path); };
await choose('open-map', BM + 'maps/random-32-32-20.map');
await choose('add-units', BM + 'scen/random-32-32-20-random-1.scen');
await p.getByTestId('ask-ok').click();
await p.getByTestId('solve').click();
await p.locator('[data-testid="status"][data-status="solved"]').waitFor();
// Page-side code as text: this file is type-checked for Node (no DOM types).
await p.evaluate(`window.__long = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__long.push(e.duration))).observe({ type: 'longtask' });`);
for (const [format, side] of [['gif', 640], ['gif', 1280], ['webm', 640], ['mp4', 1280]] as const) {
  await p.keyboard.press('Control+Shift+E');
  await p.getByTestId('video-dialog').waitFor();
  await p.locator(`[data-testid="video-format"] option[data-format="${format}"]`).waitFor({ state: 'attached' });
  const v = await p.locator(`[data-testid="video-format"] option[data-format="${format}"]`).getAttribute('value');
  await p.getByTestId('video-format').selectOption(v!);
  await p.getByTestId('video-size').selectOption(String(side));
  await p.evaluate('window.__long = []');
  const started = Date.now();
  const d = p.waitForEvent('download');
  await p.getByTestId('video-record').click();
  await d;
  const wall = Date.now() - started;
  const long = (await p.evaluate('window.__long')) as number[];
  const summary = (await p.getByTestId('notice').textContent())?.replace(/×$/, '');
  console.log(`${format} ${side}px: ${wall} ms wall; long tasks ${long.length}, max ${Math.round(Math.max(0, ...long))} ms; load ${loadavg().map((x) => x.toFixed(1)).join(' ')}; ${summary}`);
}
await b.close();
await server.close();
