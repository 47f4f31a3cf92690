/**
 * WHCA*'s turn budget (a frame budget; Silver 2006 spreads searches over frames): once a turn's
 * search work passes `turnBudget` expansions, replans that can wait (a window replan, a notice of
 * a change) wait for the next turn while their plan still covers it, and the next turn starts
 * with them. The runs stay valid, and the work of the busiest turn comes down. (A budget well
 * below a turn's usual work only piles the backlog up until plans run out together.)
 */
import { describe, expect, it } from 'vitest';
import { FOUR_CONNECTED } from '../../../../core/grid/movement.ts';
import { randomTasks } from '../../../../core/mapgen/placement.ts';
import { randomMap } from '../../../../core/mapgen/randomMap.ts';
import { recordingTurnWork } from '../../../../core/contract/controller.ts';
import { createWhcaController } from '../../../../core/solvers/cooperative/cooperativeController.ts';
import { runController } from '../../../../core/simulation/simulator.ts';

/** Runs WHCA* and returns the run with each turn's search work (expansions, RRA* included). */
function run(params: Record<string, unknown>) {
  const grid = randomMap({ width: 32, height: 32, density: 0.1, seed: 3 });
  const world = { grid, movement: FOUR_CONNECTED, agents: randomTasks(grid, 120, 4) };
  const work: number[] = [];
  const factory = recordingTurnWork(createWhcaController, work);
  const result = runController(world, factory, { seed: 1, params }, { turnLimit: 150 });
  return { result, work };
}

describe('WHCA* turn budget', () => {
  it('puts replans off past the budget: valid runs, every unit home, a lighter busiest turn', () => {
    const free = run({});
    // About the mean work of a turn here: the peaks are spread over the quieter turns.
    const budgeted = run({ turnBudget: 400 });
    for (const { result } of [free, budgeted]) {
      expect(result.validation!.violations).toEqual([]);
      expect(result.collisions).toEqual([]);
      expect(result.status).toBe('solved');
    }
    const heaviest = (work: number[]) => Math.max(...work.slice(1));
    expect(heaviest(budgeted.work)).toBeLessThan(heaviest(free.work));
    // Work is spread, not dropped: the budget changes when replans happen, so the runs differ.
    expect(budgeted.result.paths).not.toEqual(free.result.paths);
  });

  it('is a whole number of expansions, WHCA* only', () => {
    expect(() => run({ turnBudget: -1 })).toThrow(/turnBudget/);
    expect(() => run({ turnBudget: 1.5 })).toThrow(/turnBudget/);
  });
});
