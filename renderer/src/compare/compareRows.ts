/**
 * One row of the comparison table: what a solver made of
 * the open scenario, in the figures a designer compares: status, units arrived, makespan and sum
 * of costs (null unless solved: a run that did not solve has no cost), waits, the measured
 * regions, the solve time. Pure, so the figures are tested against the plan without a worker.
 */
import { arrivedCount, reportedCosts, type CostModel } from '../../../core/mapf/plan.ts';
import { measureRegions, type RegionMeasures, type RegionRect } from '../../../core/mapf/regionMeasures.ts';
import { toCsv } from '../../../core/experiments/summary.ts';
import type { SolverSettings } from '../../../core/scenario/schema.ts';
import type { SolveOutcome } from '../solve/solveState.ts';
import type { SolveStats } from '../../../core/contract/types.ts';
import { measureCrowd } from '../../../core/contract/crowdTrack.ts';
import type { ComparedDiscs } from '../../../core/replayFile/comparisonSchema.ts';
import { stuckCells, stuckRegion } from './stuckRegion.ts';
import { lockWords } from '../../../core/simulation/gridlock.ts';

export interface CompareRow {
  solver: string;
  label: string;
  /** The settings it ran with (opening the row puts them in the solver panel). */
  settings: SolverSettings;
  status: string;
  message?: string;
  agents: number;
  arrived: number;
  makespan: number | null;
  sumOfCosts: number | null;
  costModel: CostModel;
  /** Waits of the units in the plan; null for a run with no plan (a time-out of an offline solver), as its costs. */
  totalWait: number | null;
  maxWait: number | null;
  /** The lower bound on the optimal sum of costs the solver proved (CBS, EECBS, LaCAM*), else null. */
  lowerBound: number | null;
  /** Conflicts the plan validator found (0 for a valid plan). */
  conflicts: number;
  regions: RegionMeasures[];
  /** Wall-clock time the solver reported, in milliseconds. */
  solveMs: number;
  /** The plan (cells y * width + x per turn) and the solver's figures, as kept with the comparison. */
  paths: number[][];
  obstaclePaths?: number[][];
  stats: SolveStats;
  /** The replay's outcome: set when the run was made, rebuilt from `paths` for a kept one when it is opened. */
  outcome?: SolveOutcome;
  /** The engine crowd models' steering measures (from the run's stats), null for a grid planner. */
  crowd?: CrowdRowMeasures | null;
  /** A kept crowd row's discs (a live row has them in outcome.crowd). */
  discs?: ComparedDiscs;
}

/** What only steering has (core/contract/crowdTrack.ts measureCrowd, as the run's stats carry it). */
export interface CrowdRowMeasures {
  arrived: number;
  stuck: number;
  /** Pair-turns of discs intersecting by more than 10% of the radius. */
  overlaps: number;
  /** Deepest intersection, % of the radius. */
  deepestOverlapPct: number;
  /** Direction reversals (over 90 degrees between turns while moving), all units. */
  reversals: number;
  /** CPU (or wall: the run's clock) per simulation step, ms. */
  stepMsMean: number;
  stepMsMax: number;
  /** The measured region most stuck units stand at, when there is one (stuckRegion.ts). */
  stuckAt?: string | null;
  /** The cells the stuck units stand around, largest group first (stuckRegion.ts): a jam outside every measured region still has a place. */
  stuckNear?: [number, number][];
}

function crowdMeasures(outcome: SolveOutcome, regions: readonly RegionRect[]): CrowdRowMeasures | null {
  if (!outcome.crowd) return null;
  const s = outcome.stats;
  const num = (v: number | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  const stuck = measureCrowd(outcome.crowd).stuckUnits;
  return {
    arrived: num(s.arrived),
    stuck: num(s.stuck),
    overlaps: num(s.overlaps),
    deepestOverlapPct: num(s.deepestOverlapPct),
    reversals: num(s.reversals),
    stepMsMean: num(s.stepMsMean),
    stepMsMax: num(s.stepMsMax),
    stuckAt: stuckRegion(outcome.crowd, stuck, regions),
    stuckNear: stuckCells(outcome.crowd, stuck),
  };
}

export function compareRow(
  run: { solver: string; label: string; settings: SolverSettings; outcome: SolveOutcome },
  plan: { width: number; sizes: readonly number[]; regions: readonly RegionRect[]; costModel: CostModel },
): CompareRow {
  const { outcome } = run;
  const { paths, goals } = outcome;
  const costs = reportedCosts(outcome.status === 'solved', paths, goals, plan.costModel);
  let totalWait = 0;
  let maxWait = 0;
  for (const unit of outcome.analysis.units) {
    totalWait += unit.waits;
    if (unit.waits > maxWait) maxWait = unit.waits;
  }
  return {
    solver: run.solver,
    label: run.label,
    settings: run.settings,
    status: outcome.status,
    ...(outcome.message !== undefined ? { message: outcome.message } : {}),
    agents: goals.length,
    arrived: paths.length > 0 ? arrivedCount(paths, goals) : 0,
    makespan: costs.makespan,
    sumOfCosts: costs.sumOfCosts,
    costModel: plan.costModel,
    totalWait: paths.length > 0 ? totalWait : null,
    maxWait: paths.length > 0 ? maxWait : null,
    lowerBound: typeof outcome.stats.costLowerBound === 'number' && Number.isFinite(outcome.stats.costLowerBound) ? outcome.stats.costLowerBound : null,
    conflicts: outcome.conflicts.length,
    regions: paths.length > 0 ? measureRegions({ width: plan.width, paths, goals, sizes: plan.sizes }, plan.regions) : [],
    solveMs: outcome.stats.elapsedMs,
    paths,
    ...(outcome.obstaclePaths ? { obstaclePaths: outcome.obstaclePaths } : {}),
    stats: outcome.stats,
    crowd: crowdMeasures(outcome, plan.regions),
    outcome,
  };
}

/** Short names for the table's narrow column (the full label is the row's tooltip and the pick list's). */
const SHORT_NAMES: Record<string, string> = {
  independent: 'Independent', astar: 'A*', od: 'OD', 'id+astar': 'ID+A*', 'id+od': 'ID+OD', 'sid+od': 'SID+OD', cbs: 'CBS', eecbs: 'EECBS',
  lra: 'LRA*', ca: 'CA*', hca: 'HCA*', whca: 'WHCA*', pibt: 'PIBT', rhcr: 'RHCR', lacam: 'LaCAM', 'lacam-star': 'LaCAM*',
  orca: 'A*+ORCA', 'flow-field': 'Flow field', detour: 'Detour',
};

export function shortSolverName(name: string): string {
  return SHORT_NAMES[name] ?? name;
}

/** The settings a compared solver runs with: the scenario's, its params only for its own solver (others refuse them). */
export function compareSettings(scenario: SolverSettings, solver: string): SolverSettings {
  return { ...scenario, solver, params: solver === scenario.solver ? scenario.params : {} };
}

/**
 * The status as a person reads it: "solved", or "3 of 20 arrived (timeout)". An engine crowd
 * model's run says what its units did, "arrived 18 of 20, 2 stuck, 37 overlaps", never "solved":
 * discs that all arrived without overlapping read "arrived 20 of 20, no overlaps".
 */
export function statusText(row: CompareRow): string {
  if (row.crowd) {
    const c = row.crowd;
    const parts = [`arrived ${c.arrived} of ${row.agents}`];
    if (c.stuck > 0) parts.push(`${c.stuck} stuck`);
    parts.push(c.overlaps > 0 ? `${c.overlaps} overlap${c.overlaps === 1 ? '' : 's'}` : 'no overlaps');
    const text = parts.join(', ');
    return row.status === 'solved' || row.status === 'failed' ? text : `${text} (${row.status})`;
  }
  if (row.status === 'solved') return 'solved';
  // Units that locked for good: the gridlock's where and who, not only a count (core/simulation/gridlock.ts).
  const gridlock = lockWords(row.message);
  if (gridlock !== null) return `${row.arrived} of ${row.agents} arrived: ${gridlock}`;
  return row.arrived > 0 || row.paths.length > 0 ? `${row.arrived} of ${row.agents} arrived (${row.status})` : row.status;
}

/** The table as CSV, one line per run, a column pair per measured region; the cost model is named in its own column. */
export function compareCsv(rows: readonly CompareRow[], regionNames: readonly string[]): string {
  const flat = rows.map((row) => {
    const out: Record<string, unknown> = {
      solver: row.solver,
      status: row.status,
      agents: row.agents,
      arrived: row.arrived,
      makespan: row.makespan ?? '',
      sumOfCosts: row.sumOfCosts ?? '',
      costModel: row.costModel,
      costLowerBound: row.lowerBound ?? '',
      totalWait: row.totalWait ?? '',
      maxWait: row.maxWait ?? '',
      conflicts: row.conflicts,
      solveMs: Math.round(row.solveMs * 1000) / 1000,
      stuck: row.crowd?.stuck ?? '',
      overlaps: row.crowd?.overlaps ?? '',
      deepestOverlapPct: row.crowd?.deepestOverlapPct ?? '',
      reversals: row.crowd?.reversals ?? '',
      stepMsMean: row.crowd ? Math.round(row.crowd.stepMsMean * 1000) / 1000 : '',
      stepMsMax: row.crowd ? Math.round(row.crowd.stepMsMax * 1000) / 1000 : '',
    };
    regionNames.forEach((name, i) => {
      const m = row.regions[i];
      out[`${name} units`] = m?.units ?? '';
      out[`${name} throughput`] = m ? Math.round(m.throughput * 1000) / 1000 : '';
      out[`${name} crossings`] = m?.crossings ?? '';
      out[`${name} crossingRate`] = m ? Math.round(m.crossingRate * 1000) / 1000 : '';
      out[`${name} peakCrossings`] = m?.peakCrossings ?? '';
      out[`${name} entries`] = m?.entries ?? '';
      out[`${name} turnBacks`] = m?.turnBacks ?? '';
      out[`${name} meanWait`] = m ? Math.round(m.meanWait * 1000) / 1000 : '';
      out[`${name} maxWait`] = m?.maxWait ?? '';
    });
    return out;
  });
  const columns = ['solver', 'status', 'agents', 'arrived', 'makespan', 'sumOfCosts', 'costModel', 'costLowerBound', 'totalWait', 'maxWait', 'conflicts', 'solveMs',
    ...regionNames.flatMap((name) => [`${name} units`, `${name} throughput`, `${name} crossings`, `${name} crossingRate`, `${name} peakCrossings`, `${name} entries`, `${name} turnBacks`, `${name} meanWait`, `${name} maxWait`]),
    // The engine crowd models' steering measures (empty for a grid planner).
    'stuck', 'overlaps', 'deepestOverlapPct', 'reversals', 'stepMsMean', 'stepMsMax'];
  return toCsv(flat, columns);
}
