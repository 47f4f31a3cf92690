// The Moving obstacles panel said the cooperative solvers did not take obstacles after they did.
import { describe, expect, it } from 'vitest';
import { OBSTACLE_SOLVERS } from '../../../core/registry/registry.ts';
import { shortSolverName } from '../../../renderer/src/compare/compareRows.ts';
import { obstaclesNote } from '../../../renderer/src/panels/obstaclesNote.ts';

describe('the Moving obstacles panel note', () => {
  it('names every solver that takes obstacles and does not say the others do not', () => {
    const note = obstaclesNote();
    for (const name of OBSTACLE_SOLVERS) expect(note).toContain(shortSolverName(name));
    expect(note).toMatch(/LRA\*, CA\*, HCA\* and WHCA\* repair their plans/);
    expect(note).not.toMatch(/the other solvers do not take/);
  });
});
