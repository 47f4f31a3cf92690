/**
 * The example game (examples/bridge-game): Phaser draws a Tiled level with a one-lane bridge,
 * and @mapf-lab/core's per-frame planner, in a Web Worker, gets eight units from each bank across
 * it. In Chromium every unit reaches its goal, no two ever share a cell or swap, and the frame
 * time and the planner's time per step are printed.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from './browser.ts';
import { startStaticServer } from './staticServer.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const OUT = fileURLToPath(new URL('../../out/examples/bridge-game/', import.meta.url));

interface GameRecord {
  turns: { id: number; x: number; y: number; atGoal: boolean }[][];
  planMs: number[];
  frameMs: number[];
  clashes: string[];
  done: boolean;
  error: string | null;
}

const stats = (xs: number[]) => ({ mean: xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length), max: Math.max(...xs) });

describe('the example game', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startStaticServer>>;

  beforeAll(async () => {
    execFileSync(process.execPath, [`${REPO}node_modules/vite/bin/vite.js`, 'build', '--config', 'examples/bridge-game/vite.config.ts', '--logLevel', 'warn'], { cwd: REPO, stdio: 'pipe' });
    server = await startStaticServer(OUT);
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('gets every unit across the bridge with no two on one cell, planning in a worker', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 520 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(server.url);
    // A glimpse mid-crossing, then the end.
    await page.waitForFunction(() => (window as unknown as { bridgeGame: GameRecord }).bridgeGame.turns.length >= 30, undefined, { timeout: 60_000 });
    await screenshot(page, 'example-game-crossing');
    await page.waitForFunction(() => {
      const game = (window as unknown as { bridgeGame: GameRecord }).bridgeGame;
      return game.done || game.error !== null;
    }, undefined, { timeout: 120_000 });
    const game = await page.evaluate(() => (window as unknown as { bridgeGame: GameRecord }).bridgeGame);
    await screenshot(page, 'example-game-done');
    expect(game.error).toBeNull();
    expect(errors).toEqual([]);
    const last = game.turns.at(-1)!;
    expect(last).toHaveLength(16);
    expect(last.every((m) => m.atGoal)).toBe(true);
    // Units of the west bank end on the east bank and the other way round: they crossed.
    expect(last.filter((m) => m.x >= 18)).toHaveLength(8);
    expect(game.clashes).toEqual([]);
    for (const moves of game.turns) expect(new Set(moves.map((m) => `${m.x},${m.y}`)).size).toBe(moves.length);
    const frames = stats(game.frameMs.slice(10));
    const plans = stats(game.planMs);
    console.log(`example game: ${game.turns.length} turns; frame time mean ${frames.mean.toFixed(1)} ms, max ${frames.max.toFixed(1)} ms (${game.frameMs.length} frames); planner per step mean ${plans.mean.toFixed(2)} ms, max ${plans.max.toFixed(2)} ms (in its worker, wall clock)`);
    expect(game.frameMs.length).toBeGreaterThan(game.turns.length);
  });
});
