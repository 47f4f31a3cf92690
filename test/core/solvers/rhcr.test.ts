import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import type { StreamSpawner, Streams } from '../../../core/mapf/streams.ts';
import { runController } from '../../../core/simulation/simulator.ts';
import { CONTROLLERS, SOLVERS } from '../../../core/registry/registry.ts';
import { RhcrController } from '../../../core/solvers/lacam/rhcrController.ts';

const BRIDGE = ['......@......', '......@......', '.............', '......@......', '......@......'];
const grid = Grid.fromAscii(BRIDGE);
const at = (x: number, ys: number[]) => ys.map((y) => grid.cell(x, y));
function spawner(name: string, cells: number[], exit: number, every: number, count: number): StreamSpawner {
  return { name, cells, startTurn: 0, schedule: { kind: 'every', every }, count, seed: 1, goal: { kind: 'exit', exit }, size: 1, speed: 1, priority: 0 };
}
const streams: Streams = {
  spawners: [spawner('west', at(0, [0, 1]), 0, 5, 15), spawner('east', at(12, [0, 1]), 1, 5, 15)],
  exits: [{ name: 'east', cells: at(12, [3, 4]) }, { name: 'west', cells: at(0, [3, 4]) }],
  placed: [],
};
const rhcr = CONTROLLERS.find((c) => c.name === 'rhcr')!.factory;

describe('RHCR (Li et al. 2021)', () => {
  it.each(['pibt', 'lacam'])('inner %s: units stream across the bridge both ways, every plan valid, every unit out', (solver) => {
    const windows: RhcrController[] = [];
    const factory: typeof rhcr = (instance, options) => {
      const c = rhcr(instance, options) as RhcrController;
      windows.push(c);
      return c;
    };
    const result = runController({ grid, movement: FOUR_CONNECTED, agents: [] }, factory, { seed: 1, params: { window: 8, execute: 4, solver } }, { turnLimit: 800, streams });
    expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
    expect(result.collisions).toEqual([]);
    expect(result.streams!.left).toBe(30);
    // It plans in windows, not every turn: at most one window per h = 4 turns plus one per change.
    const c = windows[0];
    expect(c.windows).toBeGreaterThan(1);
    expect(c.windows).toBeLessThan(result.run.turns);
  });

  it('solves a batch: every unit home, the plan valid', () => {
    const open = Grid.fromAscii(['.....', '.....', '.....']);
    const agents = [{ start: open.cell(0, 0), goal: open.cell(4, 2) }, { start: open.cell(4, 2), goal: open.cell(0, 0) }, { start: open.cell(0, 2), goal: open.cell(4, 0) }];
    const entry = SOLVERS.find((s) => s.name === 'rhcr')!;
    const result = entry.solve({ grid: open, movement: FOUR_CONNECTED, agents }, { params: { window: 4, execute: 2 } });
    expect(result.status).toBe('solved');
  });

  it('refuses an execute longer than the window, naming the param', () => {
    expect(() => rhcr({ grid, movement: FOUR_CONNECTED, agents: [] }, { seed: 1, params: { window: 4, execute: 5 } })).toThrow(/execute/);
    expect(() => rhcr({ grid, movement: FOUR_CONNECTED, agents: [] }, { seed: 1, params: { solver: 'cbs' } })).toThrow(/solver/);
  });
});
