/**
 * The optimal (sum-of-costs) solvers of Standley 2010: the
 * standard admissible algorithm (`astar`), operator decomposition (`od`), and both under
 * independence detection (`id+astar`, `id+od`) and simple independence detection (`sid+od`).
 * More on this in README.md, "solvers.ts".
 */
import type { MapfInstance } from '../../mapf/instance.ts';
import { checkInstance } from '../../mapf/instance.ts';
import { COST_MODELS, type CostModel, DEFAULT_COST_MODEL } from '../../mapf/plan.ts';
import type { SolveOptions, SolveResult } from '../../contract/types.ts';
import { type ConflictOrder, DEFAULT_CONFLICT_ORDER, type Detection, planWithDetection } from './independenceDetection.ts';
import { MAX_CELLS, type SearchMode, type SearchSetup } from './jointSearch.ts';
import { buildStepTable, buildUnitDistance } from '../../search/stepTable.ts';
import { deadlineOf } from '../../util/clock.ts';

const DEFAULT_MEMORY_MB = 1024;

export function solveAstar(instance: MapfInstance, options: SolveOptions = {}): SolveResult {
  return solveOptimal('astar', 'standard', 'none', instance, options);
}

export function solveOd(instance: MapfInstance, options: SolveOptions = {}): SolveResult {
  return solveOptimal('od', 'od', 'none', instance, options);
}

export function solveIdAstar(instance: MapfInstance, options: SolveOptions = {}): SolveResult {
  return solveOptimal('id+astar', 'standard', 'full', instance, options);
}

export function solveIdOd(instance: MapfInstance, options: SolveOptions = {}): SolveResult {
  return solveOptimal('id+od', 'od', 'full', instance, options);
}

export function solveSidOd(instance: MapfInstance, options: SolveOptions = {}): SolveResult {
  return solveOptimal('sid+od', 'od', 'simple', instance, options);
}

function solveOptimal(name: string, mode: SearchMode, detection: Detection, instance: MapfInstance, options: SolveOptions): SolveResult {
  checkInstance(instance);
  const { grid, movement, agents } = instance;
  if (grid.cells > MAX_CELLS) throw new RangeError(`${name}: maps of up to ${MAX_CELLS} cells are supported, got ${grid.width}x${grid.height}`);
  for (let a = 0; a < agents.length; a++) {
    if ((agents[a].size ?? 1) !== 1 || (agents[a].speed ?? 1) !== 1) {
      throw new RangeError(`agent ${a + 1}: ${name} plans unit-size agents moving every turn (size ${agents[a].size ?? 1}, speed ${agents[a].speed ?? 1})`);
    }
  }
  const memoryMb = options.params?.memoryMb ?? DEFAULT_MEMORY_MB;
  if (typeof memoryMb !== 'number' || !(memoryMb > 0)) throw new RangeError(`${name}: params.memoryMb must be a positive number, got ${String(memoryMb)}`);
  const partialExpansion = options.params?.partialExpansion ?? true;
  if (typeof partialExpansion !== 'boolean') throw new RangeError(`${name}: params.partialExpansion must be true or false, got ${String(partialExpansion)}`);
  const dependencies = options.params?.dependencies ?? true;
  if (typeof dependencies !== 'boolean') throw new RangeError(`${name}: params.dependencies must be true or false, got ${String(dependencies)}`);
  const costModel = options.params?.costModel ?? DEFAULT_COST_MODEL;
  if (!COST_MODELS.includes(costModel as CostModel)) {
    throw new RangeError(`${name}: params.costModel must be one of ${COST_MODELS.join(', ')}, got ${String(costModel)}`);
  }
  const conflictOrder = options.params?.conflictOrder ?? DEFAULT_CONFLICT_ORDER;
  if (conflictOrder !== 'first' && conflictOrder !== 'replan-first') {
    throw new RangeError(`${name}: params.conflictOrder must be 'first' (the seed's) or 'replan-first', got ${String(conflictOrder)}`);
  }
  const timeLimit = options.timeLimitMs ?? Infinity;
  if (!(timeLimit >= 0)) throw new RangeError(`${name}: timeLimitMs must be >= 0, got ${timeLimit}`);
  const deadline = deadlineOf(options);

  const steps = buildStepTable(grid, movement);
  const starts = Int32Array.from(agents, (a) => a.start);
  const goals = Int32Array.from(agents, (a) => a.goal);
  const distances: Int32Array[] = [];
  let heuristic = 0;
  const stats = (expanded: number, generated: number, lowerBound: number, largestGroup: number, extra: Record<string, number> = {}) => ({
    expanded, generated, elapsedMs: deadline.elapsedMs(), lowerBound, largestGroup, heuristic, ...extra,
  });
  for (let a = 0; a < agents.length; a++) {
    // The distance tables are a phase of their own: the time limit and cancel bound it too.
    const cancelled = options.shouldStop?.() ?? false;
    if (cancelled || deadline.passed()) {
      const why = cancelled ? 'cancelled' : `${deadline.words()} reached`;
      return { solver: name, status: cancelled ? 'cancelled' : 'timeout', paths: [], message: `${why} building distance tables (${a} of ${agents.length} agents)`, stats: stats(0, 0, 0, 0) };
    }
    const distance = buildUnitDistance(steps, goals[a]);
    if (distance[starts[a]] < 0) {
      const g = goals[a];
      const s = starts[a];
      return {
        solver: name,
        status: 'unsolvable',
        paths: [],
        message: `agent ${a + 1} cannot reach its goal (${grid.x(g)}, ${grid.y(g)}) from (${grid.x(s)}, ${grid.y(s)})`,
        stats: stats(0, 0, 0, 0),
      };
    }
    heuristic += distance[starts[a]];
    distances.push(distance);
  }
  const setup: SearchSetup = {
    steps, distances, goals, starts, deadline, shouldStop: options.shouldStop, memoryBytes: memoryMb * 1048576,
    partialExpansion, costModel: costModel as CostModel, dependencies,
  };
  const outcome = planWithDetection(setup, mode, detection, options, conflictOrder as ConflictOrder);
  const extra: Record<string, number> = detection === 'none' ? {} : { merges: outcome.merges, replans: outcome.replans, replanExpanded: outcome.replanExpanded };
  return {
    solver: name,
    status: outcome.status,
    paths: outcome.paths.map((p) => Array.from(p)),
    message: outcome.message,
    stats: stats(outcome.expanded, outcome.generated, Math.max(outcome.lowerBound, heuristic), outcome.largestGroup, extra),
  };
}
