/**
 * Instances of Standley's experiment (Standley 2010, section "Experiments"), shared
 * by bench:optimal and the one-seed runner (bench/one.ts).
 */
import { Grid } from '../../../core/grid/grid.ts';
import { OCTILE_CUT, type Movement } from '../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import { Random } from '../../../core/util/random.ts';
import { buildStepTable } from '../../../core/search/stepTable.ts';

/** Cells of the largest connected component under `movement`. */
function largestComponent(grid: Grid, movement: Movement): number[] {
  const steps = buildStepTable(grid, movement);
  const label = new Int32Array(grid.cells).fill(-1);
  let best: number[] = [];
  for (let c = 0; c < grid.cells; c++) {
    if (grid.passable[c] === 0 || label[c] >= 0) continue;
    const component = [c];
    label[c] = c;
    for (let i = 0; i < component.length; i++) {
      for (let d = 0; d < steps.directions; d++) {
        const n = steps.neighbour[component[i] * 8 + d];
        if (n >= 0 && label[n] < 0) {
          label[n] = c;
          component.push(n);
        }
      }
    }
    if (component.length > best.length) best = component;
  }
  return best;
}

/** Standley's instance: 32x32, 20% obstacles, 2..60 agents, starts and goals in one component. */
export function standleyInstance(seed: number): MapfInstance {
  const random = new Random(seed);
  for (;;) {
    const grid = new Grid(32, 32);
    for (let c = 0; c < grid.cells; c++) if (random.next() < 0.2) grid.passable[c] = 0;
    const agents = 2 + random.int(59);
    const component = largestComponent(grid, OCTILE_CUT);
    if (component.length < agents) continue;
    const starts = random.shuffle(component.slice()).slice(0, agents);
    const goals = random.shuffle(component.slice()).slice(0, agents);
    return { grid, movement: OCTILE_CUT, agents: starts.map((start, i) => ({ start, goal: goals[i] })) };
  }
}
