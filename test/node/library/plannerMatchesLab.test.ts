// The library's per-frame planner against the lab's simulator: the same stream of units (their
// appearances and goals read from the lab's run) gives the same moves, turn by turn.
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { ABSENT } from '../../../core/mapf/plan.ts';
import type { StreamSpawner, Streams } from '../../../core/mapf/streams.ts';
import { runController } from '../../../core/simulation/simulator.ts';
import { GridMap } from '../../../packages/mapf/src/cells.ts';
import { createPlanner } from '../../../packages/mapf/src/planner.ts';
import { type PlannerKind, pibt, rhcr, whca } from '../../../packages/mapf/src/plannerKinds.ts';

// Two banks joined by a one-lane bridge three cells long.
const MAP = ['.....@@@.....', '.....@@@.....', '.............', '.....@@@.....', '.....@@@.....'];
const grid = Grid.fromAscii(MAP);
const cell = (x: number, y: number) => grid.cell(x, y);

/** A spawner on one bank whose units go to a cell on the other and back, round and round. */
function shuttle(name: string, cells: number[], there: number, back: number): StreamSpawner {
  return {
    name, cells, startTurn: 0, schedule: { kind: 'every', every: 3 }, count: 6, seed: 1,
    goal: { kind: 'cell', cell: there }, errands: { kind: 'list', goals: [{ kind: 'cell', cell: back }, { kind: 'cell', cell: there }], repeat: true },
    size: 1, speed: 1, priority: 0,
  };
}

const streams: Streams = {
  spawners: [shuttle('west', [cell(0, 0), cell(0, 1)], cell(12, 4), cell(1, 4)), shuttle('east', [cell(12, 0), cell(12, 1)], cell(0, 3), cell(11, 3))],
  exits: [],
  placed: [],
};

const TURNS = 120;

describe('the per-frame planner makes the lab simulator\'s moves', () => {
  it.each([[pibt], [whca], [rhcr]] as [PlannerKind][])('%o', (kind) => {
    const lab = runController({ grid, movement: FOUR_CONNECTED, agents: [] }, kind.factory, { seed: 3, params: {} }, { turnLimit: TURNS, streams });
    expect(lab.validation?.valid, lab.validation?.violations[0]?.message).toBe(true);
    const paths = lab.paths;
    const planner = createPlanner(new GridMap(grid), { kind, seed: 3 });
    // Each unit's goals as the lab's stream gave them: the spawner's goal, then its errands in turn.
    const spawnerOf = (start: number) => streams.spawners.find((s) => s.cells.includes(start))!;
    const next: number[] = [];
    const goal: number[] = [];
    let compared = 0;
    for (let t = 0; t + 1 < lab.run.turns + 1 && t < TURNS; t++) {
      // Arrivals first, as the stream does: a unit on its goal takes its next errand.
      for (let a = 0; a < goal.length; a++) {
        const here = paths[a][t];
        if (here !== goal[a]) continue;
        const errands = spawnerOf(paths[a][firstTurn(paths[a])]).errands!;
        if (errands.kind !== 'list') throw new Error('list errands only');
        const target = errands.goals[next[a] % errands.goals.length];
        next[a]++;
        if (target.kind !== 'cell') throw new Error('cell goals only');
        goal[a] = target.cell;
        if (target.cell !== here) planner.setGoal(a + 1, { x: grid.x(target.cell), y: grid.y(target.cell) });
      }
      // Then the units that appear at t, in the lab's order.
      for (let a = goal.length; a < paths.length && paths[a][t] !== ABSENT && paths[a][t] !== undefined; a++) {
        const start = paths[a][t];
        const spawner = spawnerOf(start);
        if (spawner.goal.kind !== 'cell') throw new Error('cell goals only');
        goal.push(spawner.goal.cell);
        next.push(0);
        expect(planner.addUnit({ x: grid.x(start), y: grid.y(start) }, { x: grid.x(spawner.goal.cell), y: grid.y(spawner.goal.cell) })).toBe(a + 1);
      }
      if (t + 1 >= paths[0].length) break;
      const step = planner.step();
      expect(step.refused).toBe(0);
      for (const move of step.moves) {
        const a = move.id - 1;
        expect([move.x, move.y], `unit ${move.id} after turn ${t}`).toEqual([grid.x(paths[a][t + 1]), grid.y(paths[a][t + 1])]);
        compared++;
      }
    }
    // Both sides' units crossed the bridge and came back: the comparison covered a real stream.
    expect(paths.length).toBe(12);
    expect(compared).toBeGreaterThan(12 * 60);
  });
});

function firstTurn(path: readonly number[]): number {
  return path.findIndex((c) => c !== ABSENT);
}
