import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { encodePaths } from '../../../core/protocol/wire.ts';
import type { SolveResultBody } from '../../../core/protocol/messages.ts';
import { solveOutcome } from '../../../renderer/src/solve/solveOutcome.ts';
import { solveOutcomeInSteps } from '../../../renderer/src/solve/outcomeSteps.ts';
import { instanceOf, plainInstance, planViolations } from '../../../renderer/src/solve/planChecks.ts';
import { answerChecks, checksTransfer } from '../../../renderer/src/solve/checksWork.ts';
import { decodePathsInSlices } from '../../../renderer/src/solve/outcomeSteps.ts';
import { findSolver } from '../../../core/registry/registry.ts';
import { encodeReplay } from '../../../core/protocol/turnEventWire.ts';

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

  it("the checks worker's answer (a cloned request) has the conflicts and the analysis the UI thread would make", () => {
    const direct = solveOutcome(instance, result, 7);
    const answer = answerChecks(structuredClone({ id: 3, instance: plainInstance(instance), result, obstacleSizes: [], validate: true }));
    expect('analysis' in answer && answer.id).toBe(3);
    if (!('analysis' in answer)) return;
    expect(answer.violations.length).toBe(direct.conflicts.length);
    expect(answer.analysis).toEqual(direct.analysis);
    const unchecked = answerChecks({ id: 4, instance: plainInstance(instance), result, obstacleSizes: [], validate: false });
    expect('violations' in unchecked && unchecked.violations).toEqual([]);
  });

  it("analyses a simulator's replay in the worker as on the UI thread: waits from its events", () => {
    const corridor = Grid.fromAscii(['.......']);
    const doorway = { grid: corridor, movement: FOUR_CONNECTED, agents: [{ start: 0, goal: 6 }] };
    const solved = findSolver('whca')!.solve(doorway, { mapEvents: [{ t: 1, cells: [3], passable: false }, { t: 6, cells: [3], passable: true }] });
    const body: SolveResultBody = { solver: 'whca', status: solved.status, paths: encodePaths(solved.paths), stats: solved.stats, replay: encodeReplay(solved.replay!) };
    const answer = answerChecks(structuredClone({ id: 5, instance: plainInstance(doorway), result: body, obstacleSizes: [], validate: true }));
    if (!('analysis' in answer)) throw new Error(answer.error);
    expect(answer.analysis.source).toBe('simulator');
    expect(answer.analysis.units[0].waits).toBeGreaterThan(0);
    expect(answer.analysis).toEqual(solveOutcome(doorway, body, 1).analysis);
  });

  it('decodes the paths in slices to the same arrays, and returns the error of a malformed answer', async () => {
    expect(await decodePathsInSlices(encodePaths(paths))).toEqual(paths);
    const many = Array.from({ length: 1000 }, (_, i) => [i, i + 1, i + 2]);
    expect(await decodePathsInSlices(encodePaths(many))).toEqual(many);
    const wrong = await decodePathsInSlices({ ...encodePaths(paths), version: 9 });
    expect(wrong instanceof Error ? wrong.message : '').toMatch(/paths format version 9 is not supported/);
  });

  it('moves the answer\'s arrays to the worker and gets them back whole', () => {
    const corridor = Grid.fromAscii(['.......']);
    const doorway = { grid: corridor, movement: FOUR_CONNECTED, agents: [{ start: 0, goal: 6 }] };
    const solved = findSolver('whca')!.solve(doorway, { mapEvents: [{ t: 1, cells: [3], passable: false }, { t: 6, cells: [3], passable: true }] });
    const body: SolveResultBody = { solver: 'whca', status: solved.status, paths: encodePaths(solved.paths), stats: solved.stats, replay: encodeReplay(solved.replay!) };
    const positions = solved.replay!.positions.slice();
    const events = encodeReplay(solved.replay!).events;
    const request = { id: 6, instance: plainInstance(doorway), result: body, obstacleSizes: [], validate: true };
    const moved = structuredClone(request, { transfer: checksTransfer(request.result) });
    // Moved: the UI thread's copies are empty until the answer hands them back.
    expect(body.paths.cells.length).toBe(0);
    expect(body.replay!.events.kind.length).toBe(0);
    const answer = answerChecks(moved);
    const back = structuredClone(answer, { transfer: checksTransfer(answer.returned!) });
    expect(back.returned!.paths.cells.length).toBe(encodePaths(solved.paths).cells.length);
    expect(back.returned!.replay!.positions).toEqual(positions);
    expect(back.returned!.replay!.events).toEqual(events);
  });
});
