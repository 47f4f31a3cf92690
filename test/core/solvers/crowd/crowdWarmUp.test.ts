// The once-per-process warm-up of the TypeScript crowd models (crowdWarmUp.ts, run by their
// entries' prepare()) only makes V8 run their code hot: a run after it must equal, position for
// position, the same run before it. A solve never warms up by itself.
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { OCTILE_NO_CUT } from '../../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../../core/mapf/instance.ts';
import { warmUpCrowd, warmUpScene } from '../../../../core/solvers/crowd/crowdWarmUp.ts';
import { flowFieldRun, solveFlowField } from '../../../../core/solvers/crowd/flowSolver.ts';
import { orcaRun, solveOrca } from '../../../../core/solvers/crowd/orcaSolver.ts';
import type { SolveResult } from '../../../../core/contract/types.ts';
import type { CrowdRunSetUp } from '../../../../core/solvers/crowd/crowdWarmUp.ts';

/** A door 2 cells wide in a wall across a 30 x 12 room, 12 units a side crossing to the mirror cell. */
function door(): MapfInstance {
  const rows: string[] = [];
  for (let y = 0; y < 12; y++) {
    let row = '';
    for (let x = 0; x < 30; x++) row += x === 15 && y !== 5 && y !== 6 ? '@' : '.';
    rows.push(row);
  }
  const grid = Grid.fromAscii(rows);
  const agents: MapfInstance['agents'] = [];
  for (let i = 0; i < 12; i++) agents.push({ start: grid.cell(i % 2, i), goal: grid.cell(29 - (i % 2), i) });
  for (let i = 0; i < 12; i++) agents.push({ start: grid.cell(29 - (i % 2), i), goal: grid.cell(i % 2, i) });
  return { grid, movement: OCTILE_NO_CUT, agents };
}

/** What a run decided: every position of every turn, each unit's cells, and the measures (not the times). */
function outcome(result: SolveResult): unknown {
  const { stats } = result;
  return {
    status: result.status,
    paths: result.paths,
    positions: Array.from(result.crowd!.positions),
    arrivals: Array.from(result.crowd!.arrivals),
    measures: [stats.turns, stats.steps, stats.arrived, stats.lastArrival, stats.waits, stats.stuck, stats.overlaps, stats.deepestOverlapPct, stats.reversals],
  };
}

const MODELS: [string, CrowdRunSetUp, (instance: MapfInstance) => SolveResult][] = [
  ['orca', orcaRun, (instance) => solveOrca(instance, {})],
  ['flow-field', flowFieldRun, (instance) => solveFlowField(instance, {})],
];

describe.each(MODELS)('the %s warm-up', (name, setUp, solve) => {
  it('leaves a run equal to the same run without a warm-up, and runs once per process', () => {
    const cold = solve(door());
    expect(cold.stats.turns).toBeGreaterThan(10);
    let calls = 0;
    const counted: CrowdRunSetUp = (instance, options) => {
      calls++;
      return setUp(instance, options);
    };
    warmUpCrowd(`${name} test`, counted);
    warmUpCrowd(`${name} test`, counted);
    expect(calls).toBe(1);
    const warm = solve(door());
    expect(outcome(warm)).toEqual(outcome(cold));
  });

  it('steps a scene whose every unit can reach its goal', () => {
    const result = solve(warmUpScene());
    expect(result.status).not.toBe('unsolvable');
    expect(result.stats.arrived).toBeGreaterThan(0);
  });
});
