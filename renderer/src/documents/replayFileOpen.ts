/**
 * Opening the app's own replay file (`Open…` on an exported
 * `mapf-lab/replay-file` said "not a MAPF Lab scenario"): its map, movement, units, timed events
 * and solver settings become the scenario, and its positions the plan on screen, with the
 * simulator's replay (events, map changes) for the timeline. Pure: the caller reads the files.
 */
import { completeAgent } from '../../../core/scenario/content.ts';
import { SCENARIO_FORMAT, SCENARIO_VERSION, type Scenario } from '../../../core/scenario/schema.ts';
import { encodePaths } from '../../../core/protocol/wire.ts';
import type { SolveResultBody } from '../../../core/protocol/messages.ts';
import { replayFromReplayFile } from '../../../core/replayFile/replayFile.ts';
import type { ReplayFile } from '../../../core/replayFile/schema.ts';
import { encodeReplay } from '../../../core/protocol/turnEventWire.ts';

/** The scenario the replay was made from; a solver this build does not know becomes 'independent' (`unknownSolver` says which). */
export function scenarioFromReplayFile(file: ReplayFile, knownSolvers: readonly string[]): { scenario: Scenario; unknownSolver: string | null } {
  const known = knownSolvers.includes(file.solver.name);
  // The request's own fields go back where the scenario keeps them (solveRequest.ts adds them).
  const { turnLimit, recordPlans: _recorded, window, order, ...params } = known ? file.solver.params : {};
  void _recorded;
  return {
    scenario: {
      format: SCENARIO_FORMAT,
      version: SCENARIO_VERSION,
      name: file.name,
      map: file.map,
      connectivity: file.connectivity,
      corners: file.corners,
      // A stream's spawned units come after the scenario's own: they are the run's, not the scenario's.
      agents: file.units.slice(0, file.streams?.placed ?? file.units.length).map((unit, i) => completeAgent(unit, i)),
      solver: {
        solver: known ? file.solver.name : 'independent',
        ...(typeof window === 'number' ? { window } : {}),
        ...(typeof turnLimit === 'number' ? { turnLimit } : {}),
        order: order === 'random' || order === 'priority' || order === 'distance' ? order : 'given',
        seed: file.solver.seed ?? 1,
        params,
      },
      events: file.mapEvents,
      obstacles: [],
      knowledge: 'now',
      regions: [],
      spawners: file.streams?.spawners ?? [],
      exits: file.streams?.exits ?? [],
      tasks: file.streams?.tasks ?? [],
    },
    unknownSolver: known ? null : file.solver.name,
  };
}

/** The run as a solver's answer: every unit's cell per turn, the file's status, stats and replay. */
export function resultFromReplayFile(file: ReplayFile): SolveResultBody {
  const replay = replayFromReplayFile(file);
  const paths: number[][] = [];
  for (let a = 0; a < replay.agents; a++) {
    const path: number[] = [];
    for (let t = 0; t <= replay.turns; t++) path.push(replay.positions[t * replay.agents + a]);
    paths.push(path);
  }
  const stats = file.metrics.stats;
  return {
    solver: file.solver.name,
    status: file.solver.status,
    paths: encodePaths(paths),
    ...(file.solver.message !== undefined ? { message: file.solver.message } : {}),
    stats: { ...stats, expanded: stats.expanded ?? 0, generated: stats.generated ?? 0, elapsedMs: stats.elapsedMs ?? 0 },
    replay: encodeReplay(replay),
    ...(file.streams ? { streams: file.streams.measures } : {}),
  };
}
