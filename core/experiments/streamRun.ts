/**
 * An experiment run on a stream (the experiment's `streams`: spawners and exits in the scenario
 * file's form, the same on every map): the run's turn controller runs it in the simulator as
 * `mapf-lab solve --scenario` runs a stream scenario (the same seed for the controller and the
 * stream's draws, the turn limit or DEFAULT_STREAM_TURNS), so a record's stream columns are the
 * figures that command prints: goals reached and exits per 10 turns over the run, time in system
 * (appearance to exit) mean/p95/max, units that appeared and left, the spawners' backlog at the end.
 */
import { DEFAULT_STREAM_TURNS, type Streams } from '../mapf/streams.ts';
import type { Grid } from '../grid/grid.ts';
import type { MapfInstance } from '../mapf/instance.ts';
import { CONTROLLERS } from '../registry/registry.ts';
import { streamsFromContent } from '../scenario/streamInstance.ts';
import { splitParams } from '../simulation/controllerSolvers.ts';
import { runController } from '../simulation/simulator.ts';
import type { SimulationResult } from '../simulation/simulationResult.ts';
import type { Clock } from '../util/clock.ts';
import type { StreamColumns } from './runRecord.ts';
import type { RunSpec } from './runPlan.ts';

/** The run's streams in cells of `grid`; throws naming a spawner or exit that does not fit. */
export function streamsOfRun(run: RunSpec, grid: Grid): Streams {
  const streams = run.streams!;
  for (const [kind, list] of [['spawner', streams.spawners], ['exit', streams.exits]] as const) {
    for (const item of list) {
      const area = item.area;
      const corners = area.cells ?? [area.from!, area.to!];
      const off = corners.find(([x, y]) => !grid.inBounds(x, y));
      if (off) throw new RangeError(`${kind} '${item.name}': cell (${off[0]}, ${off[1]}) is off the ${grid.width}x${grid.height} map '${run.mapName}'`);
    }
  }
  const regions = run.region ? [{ name: run.region.name, from: [...run.region.from] as [number, number], to: [...run.region.to] as [number, number] }] : [];
  return streamsFromContent({ agents: [], regions, spawners: streams.spawners, exits: streams.exits }, grid);
}

/** Runs the stream; throws for a solver that does not take one. */
export function simulateStreamRun(run: RunSpec, instance: MapfInstance, clock: Clock, shouldStop?: () => boolean): { result: SimulationResult; columns: StreamColumns } {
  const spec = CONTROLLERS.find((c) => c.name === run.solver);
  if (!spec) throw new RangeError(`${run.solver} plans once for a fixed set of units, which a stream does not give; solvers that take a stream: ${CONTROLLERS.map((c) => c.name).join(', ')}`);
  const streams = streamsOfRun(run, instance.grid);
  const split = splitParams(run.params);
  const result = runController(instance, spec.factory, { seed: run.seed, params: split.controller }, {
    turnLimit: run.turnLimit ?? split.turnLimit ?? DEFAULT_STREAM_TURNS, timeLimitMs: run.timeLimitMs, shouldStop, clock, streams, streamSeed: run.seed,
  });
  const s = result.streams!;
  const tis = s.timeInSystem;
  return {
    result,
    columns: {
      streamThroughput: s.throughput, streamExitThroughput: s.exitThroughput,
      streamTimeMean: tis?.mean ?? NaN, streamTimeP95: tis?.p95 ?? NaN, streamTimeMax: tis?.max ?? NaN,
      streamAppeared: s.appeared, streamLeft: s.left, streamBacklogEnd: s.spawners.reduce((sum, sp) => sum + sp.backlogEnd, 0),
    },
  };
}
