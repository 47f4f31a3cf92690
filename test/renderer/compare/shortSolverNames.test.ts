/**
 * Compare's pick list and table name each solver by a short name; a solver the registry lists
 * without one showed its registry key instead ("rhcr" beside "WHCA*" and "LaCAM*").
 */
import { expect, it } from 'vitest';
import { SOLVERS } from '../../../core/registry/registry.ts';
import { shortSolverName } from '../../../renderer/src/compare/compareRows.ts';

it('every solver the registry lists has a short name of its own, not its registry key', () => {
  const unnamed = SOLVERS.map((s) => s.name).filter((name) => shortSolverName(name) === name);
  expect(unnamed).toEqual([]);
});
