/**
 * `mapf-lab example`: solves the built-in chokepoint example in a solver worker thread, through
 * the same protocol and client the desktop and browser editions use. A first command should
 * succeed, so the default is a cooperative planner (Silver's HCA*); `--contrast` also runs the
 * units planning alone, whose collisions at the gap show what cooperation buys.
 */
import type { Command } from '../command.ts';
import { UsageError } from '../command.ts';
import { type OptionTable, commandUsage, parseCommandLine } from '../args.ts';
import { chokepointExample } from '../../core/examples/chokepoint.ts';
import { DEFAULT_COST_MODEL, arrivedCount, pathCost, reportedCosts } from '../../core/mapf/plan.ts';
import { SolverClient } from '../../core/protocol/client.ts';
import type { SolveResultBody } from '../../core/protocol/messages.ts';
import { decodePaths, encodeInstance } from '../../core/protocol/wire.ts';
import { findSolver, solverNames } from '../../core/registry/registry.ts';
import { spawnNodeSolverWorker } from '../solverWorker/spawnNodeSolverWorker.ts';

/** Silver's HCA*: cooperative, and it solves the example (every unit on its goal, no conflict). */
const EXAMPLE_SOLVER = 'hca';
/** Units planning alone, each its own shortest path: they collide at the gap. */
const CONTRAST_SOLVER = 'independent';

const OPTIONS = {
  solver: { value: 'NAME', help: `solver to run (default: ${EXAMPLE_SOLVER}, cooperative; known: ${solverNames().join(', ')})` },
  contrast: { help: `also solve with the units planning alone (${CONTRAST_SOLVER}) and show where\nthey collide; the exit code is still the first solve's` },
  json: { help: 'print one JSON object {solver, status, paths, arrived, costModel,\nsumOfCosts, makespan} (costs null unless solved), each path a list\nof [x, y] cells; with --contrast a field contrast {solver, status,\nmessage, arrived}' },
} as const satisfies OptionTable;

const USAGE = commandUsage([
  'Usage: mapf-lab example [--solver NAME] [--contrast] [--json]',
  '',
  'Solves the built-in chokepoint example (two rooms joined by a one-cell gap) in a solver',
  `worker thread (default ${EXAMPLE_SOLVER}, a cooperative planner) and prints the outcome;`,
  '--contrast also shows the units planning alone colliding at the gap.',
], OPTIONS);

export const exampleCommand: Command = {
  name: 'example',
  summary: 'Solve the built-in chokepoint example in a solver worker and print the paths',
  usage: USAGE,
  async run(args, io) {
    const { solver, json, contrast } = parseExampleArgs(args);
    const instance = chokepointExample();
    const client = new SolverClient(() => spawnNodeSolverWorker());
    let result: SolveResultBody;
    let alone: SolveResultBody | null = null;
    try {
      result = await client.solve({ solver, instance: encodeInstance(instance) }).result;
      if (contrast) alone = await client.solve({ solver: CONTRAST_SOLVER, instance: encodeInstance(instance) }).result;
    } finally {
      client.dispose(); // the worker thread would otherwise keep the process alive
    }
    const { grid, agents } = instance;
    const paths = decodePaths(result.paths);
    const goals = agents.map((a) => a.goal);
    // A run that did not solve has no cost; `arrived` is what it reached.
    const { sumOfCosts, makespan } = reportedCosts(result.status === 'solved', paths, goals, DEFAULT_COST_MODEL);
    const arrived = arrivedCount(paths, goals);
    if (json) {
      const summary: Record<string, unknown> = {
        solver: result.solver,
        status: result.status,
        paths: paths.map((path) => path.map((cell) => [grid.x(cell), grid.y(cell)])),
        arrived,
        costModel: DEFAULT_COST_MODEL,
        sumOfCosts,
        makespan,
      };
      if (result.message !== undefined) summary.message = result.message;
      if (alone) summary.contrast = { solver: alone.solver, status: alone.status, message: alone.message ?? null, arrived: arrivedCount(decodePaths(alone.paths), goals) };
      io.out(JSON.stringify(summary));
    } else {
      const lines = [`solver: ${result.solver}`, `status: ${result.status}${result.message ? ` (${result.message})` : ''}`];
      paths.forEach((path, i) => {
        const at = (cell: number) => `(${grid.x(cell)}, ${grid.y(cell)})`;
        lines.push(`  agent ${i + 1}: ${at(path[0])} -> ${at(path[path.length - 1])}, path length ${pathCost(path, agents[i].goal, 'rest')}`);
      });
      if (sumOfCosts !== null) lines.push(`sum of costs: ${sumOfCosts} (cost model ${DEFAULT_COST_MODEL}), makespan: ${makespan}`);
      else lines.push(`sum of costs: none, makespan: none (not solved: ${arrived} of ${agents.length} agents on their goal)`);
      if (alone) {
        lines.push('', `contrast, units planning alone (${alone.solver}): ${alone.status}${alone.message ? ` (${alone.message})` : ''}`);
      }
      io.out(lines.join('\n'));
    }
    if (result.status === 'failed') io.err(`mapf-lab example: ${result.message ?? 'the solve failed'}`);
    return result.status === 'solved' ? 0 : 1;
  },
};

function parseExampleArgs(args: string[]): { solver: string; json: boolean; contrast: boolean } {
  const { values } = parseCommandLine(OPTIONS, args);
  const solver = values.solver ?? EXAMPLE_SOLVER;
  if (!findSolver(solver)) throw new UsageError(`unknown solver '${solver}' (known solvers: ${solverNames().join(', ')})`);
  return { solver, json: values.json ?? false, contrast: values.contrast ?? false };
}
