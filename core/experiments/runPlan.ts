/**
 * Expands an experiment into its run list: one RunSpec per (map, map instance, repeat, agent
 * count, solver), in that nesting, so the runs of one instance are adjacent (the runner builds
 * each instance once) and every solver sees exactly the same instances. A RunSpec is plain data,
 * so a worker pool can ship it to another thread and run it there.
 */
import type { ScenarioExit, ScenarioSpawner } from '../scenario/streamSchema.ts';
import type { LevelChoices } from '../scenario/levelSourceSchema.ts';
import { type Experiment, type MapSpec, solverLabel } from './schema.ts';
import { Random } from '../util/random.ts';
import { checkRunCount } from './runCount.ts';
import type { CostModel } from '../mapf/plan.ts';
import { fileStem } from '../util/names.ts';

/** Which map a run uses; enough for any process to rebuild it. */
/** An experiment run's streams, in the scenario file's form (streamRun.ts runs them). */
export interface RunStreams {
  spawners: ScenarioSpawner[];
  exits: ScenarioExit[];
}

export type MapRef =
  | { kind: 'random'; width: number; height: number; density: number; seed: number; fill: boolean }
  | { kind: 'movingai'; map: string; level?: LevelChoices }
  | { kind: 'inline'; rows: string[] }
  /** A League of Robot Runners problem file, run lifelong for `steps` steps at `stepLimitMs` a step. */
  | { kind: 'lorr'; problem: string; steps: number; stepLimitMs: number };

/** Where a run's agents come from: random (seeded) or the first K of a scenario's list. */
export type PlacementRef =
  | { kind: 'random'; seed: number }
  | { kind: 'scenario'; scen: string }
  | { kind: 'inline'; agents: [number, number, number, number][] };

export interface RunSpec {
  /** Position in the run list. */
  id: number;
  /**
   * Names the run in results files, stable across invocations of the same experiment definition
   * (the results folder is tied to the definition by its hash): resume skips runs whose key is
   * recorded, and merge de-duplicates on it.
   */
  key: string;
  /** Same for every solver run on the same instance (map, placement, agent count). */
  instanceKey: string;
  map: MapRef;
  mapName: string;
  /** Index of the map's seed or scenario, then the repeat, within the map. */
  instance: number;
  agents: number;
  placement: PlacementRef;
  connectivity: 4 | 8;
  corners: 'no-cut' | 'cut';
  solver: string;
  label: string;
  params: Record<string, unknown>;
  /** A LoRR run's task scheduler, when the experiment names one (absent: the Start-Kit's greedy one). */
  scheduler?: string;
  seed: number;
  turnLimit?: number;
  timeLimitMs?: number;
  /** 'cpu': the limit and the times are the solving thread's CPU time (absent: the wall clock; planRuns leaves 'wall' out). */
  timeLimitClock?: 'wall' | 'cpu';
  /** How the run's sum of costs is counted; the optimal solvers also minimise it. */
  costModel: CostModel;
  /** Random patrols to run among, with their seed: the same for every solver of the instance. */
  obstacles?: { count: number; routeLength: number; speed: number; seed: number };
  /** The experiment's measured region, if it names one. */
  region?: { name: string; from: readonly [number, number]; to: readonly [number, number] };
  /** The experiment's stream (spawners and exits in the scenario file's form), if it has one. */
  streams?: RunStreams;
}

/** A 32-bit mix of integers (splitmix-style), for seeds derived from a run's place in the sweep. */
export function mixSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** The id keeps keys unique even when a list of agent counts repeats a count. */
export function runKey(id: number, instanceKey: string, label: string): string {
  return `${id}:${instanceKey}:${label}`;
}

/** A run's label: its solver's, and for a LoRR problem the problem's too (throughput against team size is a curve per planner and problem). */
export function runLabel(spec: MapSpec, name: string, solver: { solver: string; label?: string; scheduler?: string }): string {
  return spec.kind === 'lorr' ? `${solverLabel(solver)} · ${name}` : solverLabel(solver);
}

/** The labels the experiment's runs carry, in plan order (maps, then solvers), each once: the charts' lines before any run. */
export function plannedLabels(experiment: Experiment): string[] {
  const labels = new Set<string>();
  experiment.maps.forEach((spec, mapIndex) => {
    for (const solver of experiment.solvers) labels.add(runLabel(spec, mapName(spec, mapIndex), solver));
  });
  return [...labels];
}

export function mapName(spec: MapSpec, index: number): string {
  if (spec.name) return spec.name;
  if (spec.kind === 'random') return `random-${spec.width}-${spec.height}-${Math.round(spec.density * 100)}`;
  if (spec.kind === 'movingai') return fileStem(spec.map, /\.(map|scen)$/);
  if (spec.kind === 'lorr') return fileStem(spec.problem, /\.json$/);
  return `map${index}`;
}

/** The agent counts of one map instance: the list, or `instances` uniform draws in [min, max] (Standley 2010). */
function countsFor(experiment: Experiment, mapIndex: number, instance: number): number[] {
  const agents = experiment.agents;
  if (Array.isArray(agents)) return agents;
  const random = new Random(mixSeed(experiment.seed, mapIndex, instance, 0x5eed));
  return Array.from({ length: agents.instances }, () => agents.min + random.int(agents.max - agents.min + 1));
}

export { MAX_RUNS, checkRunCount, countRuns } from './runCount.ts';

/** Every run of the experiment, in order (at most MAX_RUNS: a larger experiment is an ExperimentError). */
export function planRuns(experiment: Experiment): RunSpec[] {
  checkRunCount(experiment);
  const runs: RunSpec[] = [];
  const timeLimitMs = experiment.timeLimitSeconds === undefined ? undefined : experiment.timeLimitSeconds * 1000;
  const uniform = !Array.isArray(experiment.agents);
  experiment.maps.forEach((spec, mapIndex) => {
    const name = mapName(spec, mapIndex);
    // Each entry: the map of one instance and how its agents are placed (per count and repeat).
    const instances: { map: MapRef; placement: (count: number, repeat: number, instance: number) => PlacementRef; repeats: number }[] = [];
    const random = (mapSeed: number) => (count: number, repeat: number, instance: number): PlacementRef => ({ kind: 'random', seed: mixSeed(experiment.seed, mapIndex, mapSeed, repeat, count, instance) });
    const wantScenario = experiment.placement !== 'random';
    if (spec.kind === 'random') {
      if (experiment.placement === 'scenario') throw new RangeError(`maps[${mapIndex}]: a random map has no scenario; use placement 'random' or 'auto'`);
      for (const seed of spec.seeds) {
        instances.push({ map: { kind: 'random', width: spec.width, height: spec.height, density: spec.density, seed, fill: spec.fill }, placement: random(seed), repeats: experiment.repeats });
      }
    } else if (spec.kind === 'movingai') {
      const map: MapRef = { kind: 'movingai', map: spec.map, ...(spec.level ? { level: spec.level } : {}) };
      if (wantScenario && spec.scen.length > 0) {
        for (const scen of spec.scen) instances.push({ map, placement: () => ({ kind: 'scenario', scen }), repeats: 1 });
      } else if (experiment.placement === 'scenario') {
        throw new RangeError(`maps[${mapIndex}].scen: scenario placement needs at least one .scen file`);
      } else {
        instances.push({ map, placement: random(0), repeats: experiment.repeats });
      }
    } else if (spec.kind === 'lorr') {
      // Robots start as the problem's agents file lists them, or drawn from the free cells with this seed when it has fewer.
      instances.push({ map: { kind: 'lorr', problem: spec.problem, steps: spec.steps, stepLimitMs: spec.stepLimitMs }, placement: random(0), repeats: experiment.repeats });
    } else {
      const map: MapRef = { kind: 'inline', rows: spec.rows };
      if (wantScenario && spec.agents) {
        const agents = spec.agents;
        instances.push({ map, placement: () => ({ kind: 'inline', agents }), repeats: 1 });
      } else if (experiment.placement === 'scenario') {
        throw new RangeError(`maps[${mapIndex}].agents: scenario placement needs the map's agents`);
      } else {
        instances.push({ map, placement: random(0), repeats: experiment.repeats });
      }
    }
    instances.forEach((inst, instanceIndex) => {
      for (let repeat = 0; repeat < inst.repeats; repeat++) {
        const index = instanceIndex * inst.repeats + repeat;
        const counts = spec.kind === 'lorr' && spec.teamSizes ? spec.teamSizes : countsFor(experiment, mapIndex, index);
        const labelOf = (solver: { solver: string; label?: string; scheduler?: string }) => runLabel(spec, name, solver);
        counts.forEach((count, k) => {
          const sub = uniform ? k : 0;
          const placement = inst.placement(count, repeat, sub);
          const instanceKey = `${name}#${index}${uniform ? `.${sub}` : ''}/${count}`;
          experiment.solvers.forEach((solver, solverIndex) => {
            runs.push({
              id: runs.length,
              key: runKey(runs.length, instanceKey, labelOf(solver)),
              instanceKey,
              map: inst.map,
              mapName: name,
              instance: index,
              agents: count,
              placement,
              connectivity: experiment.connectivity,
              corners: experiment.corners,
              solver: solver.solver,
              label: labelOf(solver),
              params: solver.params,
              ...(solver.scheduler !== undefined ? { scheduler: solver.scheduler } : {}),
              seed: mixSeed(experiment.seed, mapIndex, index, count, sub, solverIndex),
              turnLimit: experiment.turnLimit,
              timeLimitMs,
              ...(experiment.timeLimitClock === 'cpu' ? { timeLimitClock: 'cpu' as const } : {}),
              costModel: experiment.costModel,
              ...(experiment.obstacles && experiment.obstacles.count > 0
                ? { obstacles: { ...experiment.obstacles, seed: mixSeed(experiment.seed, mapIndex, index, count, sub, 0x0b57) } }
                : {}),
              ...(experiment.region ? { region: experiment.region } : {}),
              ...(experiment.streams ? { streams: experiment.streams } : {}),
            });
          });
        });
      }
    });
  });
  return runs;
}
