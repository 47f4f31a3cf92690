/** `mapf-lab example`: solves the built-in chokepoint example (in-process until the worker adapter lands). */
import type { Command } from '../command.ts';
import { chokepointExample } from '../../core/examples/chokepoint.ts';
import { findSolver } from '../../core/solvers/registry.ts';

export const exampleCommand: Command = {
  name: 'example',
  summary: 'Solve the built-in chokepoint example and print the paths',
  usage: 'Usage: mapf-lab example [--solver NAME]',
  async run(_args, io) {
    const instance = chokepointExample();
    const result = findSolver('independent')!.solve(instance, {});
    io.out(JSON.stringify({ status: result.status, paths: result.paths.map((p) => p.map((c) => [instance.grid.x(c), instance.grid.y(c)])) }));
    return 0;
  },
};
