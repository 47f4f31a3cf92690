// A crowd run set up again from its own state (CrowdResume: positions, velocities, the paths
// followed; the flow fields shared) goes on exactly as the unbroken run, and searches nothing
// again: what a per-frame crowd relies on when its units change.
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { OCTILE_NO_CUT } from '../../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../../core/mapf/instance.ts';
import type { SolveResult } from '../../../../core/contract/types.ts';
import type { CrowdRun } from '../../../../core/solvers/crowd/crowdWorld.ts';
import { type SharedFlowFields, flowFieldRun } from '../../../../core/solvers/crowd/flowSolver.ts';
import { orcaRun } from '../../../../core/solvers/crowd/orcaSolver.ts';

/** Two rooms, a door two cells wide; six units a side crossing to the mirror cell. */
function rooms(): MapfInstance {
  const rows = Array.from({ length: 8 }, (_, y) => Array.from({ length: 16 }, (_, x) => (x === 8 && y !== 3 && y !== 4 ? '@' : '.')).join(''));
  const grid = Grid.fromAscii(rows);
  const agents: MapfInstance['agents'] = [];
  for (let i = 0; i < 6; i++) agents.push({ start: grid.cell(i % 2, i + 1), goal: grid.cell(15 - (i % 2), 6 - i) }, { start: grid.cell(15 - (i % 2), i + 1), goal: grid.cell(i % 2, 6 - i) });
  return { grid, movement: OCTILE_NO_CUT, agents };
}

function ready(run: CrowdRun | SolveResult): CrowdRun {
  if ('status' in run) throw new Error(run.message);
  return run;
}

/** Steps at a quarter turn (the default steps a turn), returning the positions after the last. */
function play(run: CrowdRun, steps: number): number[] {
  for (let s = 0; s < steps; s++) run.step(run.world, 0.25);
  return [...run.world.x, ...run.world.y];
}

/** The state a set-up resumes from, taken from a run. */
function stateOf(run: CrowdRun) {
  const { world } = run;
  return { x: world.x.slice(), y: world.y.slice(), vx: world.vx.slice(), vy: world.vy.slice(), paths: Array.from({ length: world.n }, (_, a) => run.pathOf?.(a)) };
}

describe('a crowd run set up again where it stands', () => {
  // Resumed after 16 steps, a multiple of the path followers' staggered check period (8 steps).
  const SPLIT = 16;
  const REST = 60;

  it('A* + ORCA: the same positions as the unbroken run, no path searched again', () => {
    const instance = rooms();
    const unbroken = play(ready(orcaRun(instance, { params: {} })), SPLIT + REST);
    const first = ready(orcaRun(instance, { params: {} }));
    expect(first.expanded).toBeGreaterThan(0);
    play(first, SPLIT);
    const again = ready(orcaRun(instance, { params: {} }, stateOf(first)));
    expect(again.expanded).toBe(0);
    expect(play(again, REST)).toEqual(unbroken);
    // Without the kept paths, every unit's path is searched again.
    const replanned = ready(orcaRun(instance, { params: {} }, { ...stateOf(first), paths: undefined }));
    expect(replanned.expanded).toBeGreaterThan(0);
  });

  it('flow field: the same positions as the unbroken run, no field built again', () => {
    const instance = rooms();
    const unbroken = play(ready(flowFieldRun(instance, { params: {} })), SPLIT + REST);
    const shared: SharedFlowFields = {};
    const first = ready(flowFieldRun(instance, { params: {} }, undefined, shared));
    expect(first.expanded).toBeGreaterThan(0);
    expect(shared.fields?.size).toBe(12);
    play(first, SPLIT);
    const again = ready(flowFieldRun(instance, { params: {} }, stateOf(first), shared));
    expect(again.expanded).toBe(0);
    expect(play(again, REST)).toEqual(unbroken);
  });

  it('flow field: a set-up keeps only the fields of its own goals', () => {
    const instance = rooms();
    const shared: SharedFlowFields = {};
    ready(flowFieldRun(instance, { params: {} }, undefined, shared));
    const kept = shared.fields!.get(instance.agents[0].goal);
    const fewer = { ...instance, agents: instance.agents.slice(0, 3) };
    const run = ready(flowFieldRun(fewer, { params: {} }, undefined, shared));
    expect(run.expanded).toBe(0);
    expect([...shared.fields!.keys()]).toEqual(fewer.agents.map((a) => a.goal));
    expect(shared.fields!.get(instance.agents[0].goal)).toBe(kept);
  });
});
