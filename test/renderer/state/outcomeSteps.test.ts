import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { encodePaths } from '../../../core/protocol/wire.ts';
import type { SolveResultBody } from '../../../core/protocol/messages.ts';
import { solveOutcome } from '../../../renderer/src/state/solveOutcome.ts';
import { solveOutcomeInSteps } from '../../../renderer/src/state/outcomeSteps.ts';
import { instanceOf, plainInstance, planViolations } from '../../../renderer/src/state/planChecks.ts';

const grid = Grid.fromAscii(['.....', '.....']);
const at = (x: number, y: number) => grid.cell(x, y);
const instance = { grid, movement: FOUR_CONNECTED, agents: [{ start: at(0, 0), goal: at(4, 0) }, { start: at(4, 0), goal: at(0, 0) }] };
// Head-on along row 0: they swap cells between turns 2 and 3 (a swap conflict), then wait a turn.
const paths = [
  [at(0, 0), at(1, 0), at(2, 0), at(3, 0), at(4, 0)],
  [at(4, 0), at(3, 0), at(3, 0), at(2, 0), at(1, 0), at(0, 0)],
];
const result: SolveResultBody = { solver: 'independent', status: 'failed', paths: encodePaths(paths), stats: { expanded: 0, generated: 0, elapsedMs: 1 } } as unknown as SolveResultBody;

describe('the editor\'s outcome in steps', () => {
  it('finds the conflicts solveOutcome finds, with the same analysis (no worker in Node: the checks run inline)', async () => {
    const direct = solveOutcome(instance, result, 7);
    const stepped = await solveOutcomeInSteps(instance, result, 7, true, []);
    expect(direct.conflicts.length).toBeGreaterThan(0);
    expect(stepped.conflicts).toEqual(direct.conflicts);
    expect(stepped.analysis.units).toEqual(direct.analysis.units);
    expect(stepped.paths).toEqual(paths);
    expect(stepped.revision).toBe(7);
  });

  it('checks nothing when the plan is not the scenario\'s any more', async () => {
    expect((await solveOutcomeInSteps(instance, result, 7, false, [])).conflicts).toEqual([]);
  });

  it('an instance copied as a worker message gets it checks the same', () => {
    const copied = instanceOf(structuredClone(plainInstance(instance)));
    expect(planViolations(copied, paths, result, undefined, [])).toEqual(planViolations(instance, paths, result, undefined, []));
    expect(planViolations(copied, paths, result, undefined, []).length).toBeGreaterThan(0);
  });
});
