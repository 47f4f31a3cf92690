import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../../core/grid/movement.ts';
import { ABSENT } from '../../../../core/mapf/plan.ts';
import type { Streams } from '../../../../core/mapf/streams.ts';
import { CONTROLLERS } from '../../../../core/registry/registry.ts';
import { runController } from '../../../../core/simulation/simulator.ts';

// A one-cell bridge (5, 2) crossed both ways by a unit a turn from each bank: units queue at it.
const grid = Grid.fromAscii(['.....@.....', '.....@.....', '...........', '.....@.....', '.....@.....']);
const at = (x: number, ys: number[]) => ys.map((y) => grid.cell(x, y));
const side = (name: string, x: number, exit: number) => ({
  name, cells: at(x, [0, 1]), startTurn: 0, schedule: { kind: 'every' as const, every: 1 }, count: 40, seed: 1, goal: { kind: 'exit' as const, exit }, size: 1, speed: 1, priority: 0,
});
const streams: Streams = { spawners: [side('west', 0, 0), side('east', 10, 1)], exits: [{ name: 'east', cells: at(10, [3, 4]) }, { name: 'west', cells: at(0, [3, 4]) }], placed: [] };

describe('WHCA* in a stream', () => {
  // Without the rule 882 of 1,045 waits here came from plans made turns before (replanEvery 8).
  it('a unit whose plan waits away from its goal plans again that turn, not only every replanEvery turns', () => {
    const spec = CONTROLLERS.find((c) => c.name === 'whca')!;
    const result = runController({ grid, movement: FOUR_CONNECTED, agents: [] }, spec.factory, { seed: 1, params: { window: 16 } }, { turnLimit: 300, streams });
    expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
    expect(result.streams!.left).toBe(80);
    // Planned at t: a replan, or a search that found nothing and holds (the run records every wait too, with no detail).
    const planned = new Set(result.replay.events.filter((e) => e.kind === 'replan' || (e.kind === 'wait' && e.detail?.includes('holding'))).map((e) => `${e.agent}@${e.t}`));
    let waits = 0;
    const unplanned: string[] = [];
    result.paths.forEach((path, a) => {
      for (let t = 0; t + 1 < path.length; t++) {
        const cell = path[t];
        // A wait away from the unit's goal (an exit unit's goal is the exit cell it left by).
        if (cell === ABSENT || path[t + 1] !== cell || cell === result.units![a].goal) continue;
        waits++;
        if (!planned.has(`${a}@${t}`)) unplanned.push(`unit ${a + 1} at t=${t}`);
      }
    });
    expect(waits).toBeGreaterThan(20);
    expect(unplanned.slice(0, 5)).toEqual([]);
  });
});
