/**
 * An example game: a Tiled level with a one-lane bridge over a river, eight units spawned on
 * each bank that cross it to the other, planned by @mapf-lab/core's per-frame planner (PIBT) in a
 * Web Worker, one turn every TURN_MS, drawn by Phaser at the display's rate with each unit
 * gliding from its cell to the next. What it measures is on `window.bridgeGame` (the e2e test
 * reads it): every turn's moves, the planner's time per step, the frame times.
 */
import Phaser from 'phaser';
import { type UnitMove, connectPlanner, gridFromTiled } from '@mapf-lab/core';
import { SPAWN_EVERY, UNITS_A_SIDE, clashes, spawn } from './crossing.ts';

const TILE = 16;
const SCALE = 2;
const TURN_MS = 150;

interface GameRecord {
  turns: UnitMove[][];
  planMs: number[];
  frameMs: number[];
  clashes: string[];
  done: boolean;
  error: string | null;
}
const record: GameRecord = { turns: [], planMs: [], frameMs: [], clashes: [], done: false, error: null };
(window as unknown as { bridgeGame: GameRecord }).bridgeGame = record;
const status = document.getElementById('status')!;

class Crossing extends Phaser.Scene {
  private units = new Map<number, Phaser.GameObjects.Arc>();
  private from = new Map<number, UnitMove>();
  private to = new Map<number, UnitMove>();
  private turnStarted = 0;

  preload(): void {
    this.load.tilemapTiledJSON('bridge', 'bridge.tmj');
    this.load.image('tiles', 'tiles.png');
    this.load.text('bridge-text', 'bridge.tmj');
  }

  async create(): Promise<void> {
    const tilemap = this.make.tilemap({ key: 'bridge' });
    const tiles = tilemap.addTilesetImage('terrain', 'tiles')!;
    tilemap.createLayer('ground', tiles, 0, 0)!.setScale(SCALE);
    // The same Tiled file the game draws is the planner's map: its water tiles collide.
    const map = gridFromTiled(this.cache.text.get('bridge-text') as string, 'bridge.tmj');
    const worker = new Worker(new URL('./planner.worker.ts', import.meta.url), { type: 'module' });
    const planner = await connectPlanner(worker, map, { kind: 'pibt', seed: 1 });
    let spawned = 0;
    let previous: UnitMove[] = [];
    for (let turn = 0; !record.done; turn++) {
      if (turn % SPAWN_EVERY === 0 && spawned < UNITS_A_SIDE) {
        for (const side of ['west', 'east'] as const) {
          const { start, goal } = spawn(spawned, side, map.width, map.height);
          const id = planner.addUnit(start, goal);
          const dot = this.add.circle(0, 0, TILE * SCALE * 0.4, side === 'west' ? 0xf2c14e : 0xe0607e).setStrokeStyle(2, 0x202020);
          this.units.set(id, dot);
          this.place(dot, start.x, start.y);
        }
        spawned++;
      }
      const result = await planner.step();
      record.turns.push(result.moves);
      record.planMs.push(result.planMs);
      record.clashes.push(...clashes(previous, result.moves));
      previous = result.moves;
      this.from = this.to.size > 0 ? this.to : new Map(result.moves.map((m) => [m.id, m]));
      for (const m of result.moves) if (!this.from.has(m.id)) this.from.set(m.id, m);
      this.to = new Map(result.moves.map((m) => [m.id, m]));
      this.turnStarted = this.time.now;
      const home = result.moves.filter((m) => m.atGoal).length;
      status.textContent = `turn ${turn + 1}: ${home} of ${2 * UNITS_A_SIDE} units home; planner ${result.planMs.toFixed(2)} ms this step`;
      record.done = spawned === UNITS_A_SIDE && home === 2 * UNITS_A_SIDE;
      await new Promise((resolve) => setTimeout(resolve, TURN_MS));
    }
    status.textContent += ' — every unit crossed';
  }

  override update(_time: number, delta: number): void {
    record.frameMs.push(delta);
    const f = Math.min(1, (this.time.now - this.turnStarted) / TURN_MS);
    for (const [id, dot] of this.units) {
      const a = this.from.get(id);
      const b = this.to.get(id);
      if (a === undefined || b === undefined) continue;
      this.place(dot, a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f);
    }
  }

  private place(dot: Phaser.GameObjects.Arc, x: number, y: number): void {
    dot.setPosition((x + 0.5) * TILE * SCALE, (y + 0.5) * TILE * SCALE);
  }
}

new Phaser.Game({
  type: Phaser.AUTO,
  parent: 'game',
  width: 30 * TILE * SCALE,
  height: 14 * TILE * SCALE,
  backgroundColor: '#1d2330',
  scene: Crossing,
});
window.addEventListener('error', (event) => (record.error = event.message));
window.addEventListener('unhandledrejection', (event) => (record.error = String(event.reason)));
