/**
 * IllegalDependency against the seed's own search: an agent is blocked on a cell exactly when the
 * joint search (without any bonus), asked to plan it from there past the same illegal move table
 * within its distance, finds no plan. Random tiny maps, random walks as the other group's paths,
 * both cost models and both grid models.
 */
import { describe, expect, it } from 'vitest';
import { FOUR_CONNECTED, type Movement, OCTILE_CUT } from '../../../../core/grid/movement.ts';
import { COST_MODELS } from '../../../../core/mapf/plan.ts';
import { IllegalDependency } from '../../../../core/solvers/optimal/illegalDependency.ts';
import { IllegalMoveTable } from '../../../../core/solvers/optimal/illegalMoveTable.ts';
import { JointSearch } from '../../../../core/solvers/optimal/jointSearch.ts';
import { buildStepTable, buildUnitDistance } from '../../../../core/search/stepTable.ts';
import { Random } from '../../../../core/util/random.ts';
import { randomInstance } from './randomInstances.ts';

/** A walk of `length` steps from `start` through legal moves (waits included). */
function randomWalk(random: Random, neighbour: Int32Array, directions: number, start: number, length: number): Int32Array {
  const path = [start];
  for (let t = 0; t < length; t++) {
    const here = path[path.length - 1];
    const options = [here];
    for (let d = 0; d < directions; d++) if (neighbour[here * 8 + d] >= 0) options.push(neighbour[here * 8 + d]);
    path.push(options[random.int(options.length)]);
  }
  return Int32Array.from(path);
}

const MOVEMENTS: [string, Movement][] = [['4-connected', FOUR_CONNECTED], ['8-connected', OCTILE_CUT]];

describe('IllegalDependency', () => {
  for (const [name, movement] of MOVEMENTS) {
    it(`says blocked exactly when the search finds no plan within the distance (${name})`, () => {
      const random = new Random(movement.connectivity);
      let blocked = 0;
      let free = 0;
      for (let seed = 1; seed <= 60; seed++) {
        const instance = randomInstance(seed, 5, 5, 0.2, 3, movement);
        const steps = buildStepTable(instance.grid, instance.movement);
        const mover = instance.agents[0];
        const distance = buildUnitDistance(steps, mover.goal);
        if (distance[mover.start] < 0) continue;
        // The other group: two agents wandering from their own starts.
        const table = new IllegalMoveTable(steps);
        const others = instance.agents.slice(1).map((a) => randomWalk(random, steps.neighbour, steps.directions, a.start, 3 + random.int(6)));
        table.fill(others);
        const goals = Int32Array.of(mover.goal);
        const test = new IllegalDependency(steps);
        test.reset(table, [distance], goals);
        const answer = test.blocked(0, mover.start, 0);
        for (const costModel of COST_MODELS) {
          const search = new JointSearch({
            steps, distances: [distance], goals, starts: Int32Array.of(mover.start), memoryBytes: 64 << 20, costModel, dependencies: false,
          }, 'od');
          const result = search.search({ agents: [0], costLimit: distance[mover.start], illegal: table, avoid: null });
          expect(answer, `seed ${seed}, ${costModel}: search says ${result.status}`).toBe(result.status !== 'solved');
        }
        if (answer) blocked++;
        else free++;
      }
      expect(blocked).toBeGreaterThan(5);
      expect(free).toBeGreaterThan(5);
    });
  }
});
