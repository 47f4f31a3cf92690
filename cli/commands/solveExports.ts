/**
 * `mapf-lab solve --export FORMAT=FILE` (repeatable): the run written for other tools, with
 * core's writers, the same the app uses:
 * - replay: MAPF Lab's replay file (mapf-lab/replay-file), which the app opens;
 * - mapf-visualizer: Kei18's mapf-visualizer solution text;
 * - planviz-qt: the PlanViz Qt interchange (PlanViz's Qt viewer);
 * - lorr, lorr-2024: the League of Robot Runners' output JSON, "2023 LoRR" or "2024 LoRR" (PlanViz's script/run.py);
 * - tracker: a MAPF tracker submission row, CSV, or JSON when FILE ends in .json.
 */
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { UsageError } from '../command.ts';
import type { Grid } from '../../core/grid/grid.ts';
import type { Movement } from '../../core/grid/movement.ts';
import { lorrText } from '../../core/formats/lorr.ts';
import { scenarioKind, trackerCsv, trackerJson, trackerRow } from '../../core/formats/mapfTracker.ts';
import { solutionText } from '../../core/formats/mapfVisualizer.ts';
import { planVizQtText } from '../../core/formats/planVizQt.ts';
import { defaultAgentColor } from '../../core/mapf/agentColors.ts';
import { type CostModel, pathCost, reportedCosts } from '../../core/mapf/plan.ts';
import { replayFileFromReplay, serializeReplayFile } from '../../core/replayFile/replayFile.ts';
import type { SimulationResult } from '../../core/simulation/simulationResult.ts';
import type { SolveStatus } from '../../core/contract/types.ts';

export const EXPORT_FORMATS = ['replay', 'mapf-visualizer', 'planviz-qt', 'lorr', 'lorr-2024', 'tracker'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportRequest {
  format: ExportFormat;
  file: string;
}

/** `FORMAT=FILE` values of --export. */
export function parseExports(values: readonly string[]): ExportRequest[] {
  return values.map((text) => {
    const split = text.indexOf('=');
    const format = split > 0 ? text.slice(0, split) : '';
    const file = split > 0 ? text.slice(split + 1) : '';
    if (!(EXPORT_FORMATS as readonly string[]).includes(format) || file === '') {
      throw new UsageError(`--export needs FORMAT=FILE with FORMAT one of ${EXPORT_FORMATS.join(', ')}, got '${text}'`);
    }
    return { format: format as ExportFormat, file };
  });
}

export interface ExportRun {
  grid: Grid;
  movement: Movement;
  goals: readonly number[];
  sim: SimulationResult;
  status: SolveStatus;
  message?: string;
  solver: string;
  optimal: boolean;
  seed: number;
  params: Record<string, unknown>;
  costModel: CostModel;
  mapFile: string;
  scenFile: string;
  stats: Record<string, number>;
}

/** Writes each export; returns the problems (a format that refuses this run), one line each. */
export function writeExports(requests: readonly ExportRequest[], run: ExportRun): string[] {
  const problems: string[] = [];
  for (const request of requests) {
    try {
      writeFileSync(request.file, exportText(request, run));
    } catch (error) {
      problems.push(`--export ${request.format}=${request.file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return problems;
}

function exportText(request: ExportRequest, run: ExportRun): string {
  const { grid, goals, sim } = run;
  const paths = sim.paths;
  const units = paths.map((_, a) => ({ id: String(a + 1), size: 1 }));
  switch (request.format) {
    case 'mapf-visualizer':
      return solutionText(grid, paths);
    case 'lorr':
    case 'lorr-2024': {
      const errors = sim.collisions.map((c) => ({ agents: c.agents, t: c.t, text: `${c.rule} at (${grid.x(c.cell)}, ${grid.y(c.cell)})` }));
      return lorrText({ grid, paths, goals, status: run.status, errors }, request.format === 'lorr' ? '2023 LoRR' : '2024 LoRR');
    }
    case 'planviz-qt':
      return planVizQtText({
        grid, agents: units, paths, goals, turns: sim.run.turns,
        arrivals: paths.map((path, a) => (path[path.length - 1] === goals[a] ? pathCost(path, goals[a], 'rest') : -1)),
        conflicts: sim.collisions.map((c) => ({ t: c.t, agents: c.agents, text: `${c.rule} conflict at (${grid.x(c.cell)}, ${grid.y(c.cell)})` })),
        solver: run.solver, status: run.status, stats: run.stats, mapName: basename(run.mapFile), events: [], costModel: run.costModel,
      });
    case 'tracker': {
      const kind = scenarioKind(basename(run.scenFile));
      if (kind === null) throw new Error(`${basename(run.scenFile)} is not named as a Moving AI scenario (…-random-N.scen or …-even-N.scen), which the tracker needs`);
      // An optimal solver that solved minimising 'rest' proved its cost is the optimum.
      const proved = run.optimal && run.status === 'solved' && run.costModel === 'rest';
      const row = trackerRow({ grid, paths, goals, status: run.status, mapName: basename(run.mapFile).replace(/\.map$/, ''), ...kind, lowerCost: proved ? reportedCosts(true, paths, goals, 'rest').sumOfCosts : null });
      return request.file.endsWith('.json') ? trackerJson(row) : trackerCsv(row);
    }
    case 'replay': {
      const costs = reportedCosts(run.status === 'solved', paths, goals, run.costModel);
      const solver = { name: run.solver, status: run.status, seed: run.seed, params: { ...run.params }, ...(run.message ? { message: run.message } : {}) };
      return serializeReplayFile(replayFileFromReplay(sim.replay, {
        name: basename(run.scenFile),
        map: { kind: 'file', path: run.mapFile },
        connectivity: run.movement.connectivity,
        corners: run.movement.corners,
        units: paths.map((path, a) => {
          const at = (cell: number): [number, number] => [grid.x(cell), grid.y(cell)];
          return { id: String(a + 1), name: String(a + 1), colour: defaultAgentColor(a), start: at(path[0]), goal: at(goals[a]), priority: 0, size: 1, speed: 1 };
        }),
        mapEvents: [],
        solver,
        metrics: { sumOfCosts: costs.sumOfCosts, costModel: run.costModel, makespan: costs.makespan, stats: run.stats },
      }));
    }
  }
}
