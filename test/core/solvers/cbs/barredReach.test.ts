/**
 * Target reasoning's dead ends (barredReach.ts) in EECBS's focal low level, and the low levels'
 * budget that goes on where it stands (LowLevelLimits.more) instead of restarting: both cut work,
 * so these count it, and check the answers stay those of the optimal low level.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { GoalDistances } from '../../../../core/search/goalDistances.ts';
import { BarredReach, NEVER } from '../../../../core/solvers/cbs/barredReach.ts';
import { ConflictAvoidanceTable } from '../../../../core/solvers/cbs/conflictAvoidance.ts';
import { FocalPlanner } from '../../../../core/solvers/cbs/focalLowLevel.ts';
import { SpaceTimePlanner } from '../../../../core/solvers/cbs/lowLevel.ts';
import { emptyConstraints } from '../../../../core/solvers/cbs/agentConstraints.ts';

// A corridor along the top, and a pocket (G: the goal) whose one way in is the cell B.
const MAP = [
  '..........', //
  '@@@@@@@@B@', //
  '@@@@@@@.G.', //
];

describe('barred dead ends', () => {
  const grid = Grid.fromAscii(MAP);
  const at = (x: number, y: number): number => y * grid.width + x;
  const goal = at(8, 2);
  const gate = at(8, 1);
  const distances = new GoalDistances(grid).table(goal);

  it('gives each cut-off cell the last time it can still get through a barred cell, and none when nothing is cut off', () => {
    const reach = new BarredReach(grid.width, grid.cells);
    const latest = reach.deadline(goal, distances.settled(), new Map([[gate, 6]]));
    expect(latest[goal]).toBe(NEVER);
    expect(latest[at(7, 2)]).toBe(NEVER);
    expect(latest[gate]).toBe(5); // on it at t <= 5, off it from 6 on
    expect(latest[at(8, 0)]).toBe(4);
    expect(latest[at(1, 0)]).toBe(-1); // 8 moves from the gate: too far to get through by t = 5 (6 - 1 - 8 < 0)
    expect(latest[at(4, 0)]).toBe(0);
    // A barred cell that cuts nothing off (the corridor's far end) prunes nothing.
    expect(reach.deadline(goal, distances.settled(), new Map([[at(0, 0), 3]]))).toBe(reach.none);
  });

  it('finds a unit shut out of its goal unable to arrive without sweeping every state up to the last move of another unit', () => {
    const start = at(0, 0); // 10 moves from the goal, 9 from the gate, barred from t = 6 on
    const c = emptyConstraints();
    c.barred.set(gate, 6);
    c.maxT = 6;
    // Another unit moving for 300 turns: the states before its last move are not alike.
    const other = new Int32Array(301);
    for (let t = 0; t <= 300; t++) other[t] = t % 2 === 0 ? at(9, 0) : at(8, 0);
    const cat = new ConflictAvoidanceTable(grid.cells, true);
    cat.load([Int32Array.of(start), other], 0);
    const focal = new FocalPlanner(grid);
    expect(focal.plan(start, goal, distances, c, cat, 1.2, 0, { maxExpansions: 1_000_000 })).toBe(null);
    expect(new SpaceTimePlanner(grid).plan(start, goal, distances, c, null, { maxExpansions: 1_000_000 })).toBe(null);
    // Without the pruning: every (cell, t) of the corridor up to t = 300, about 3,000 states.
    expect(focal.expanded).toBeLessThan(grid.cells * 7);

    // The gate barred later (t = 12): the unit passes it at t = 9 and arrives, as the optimal level finds.
    c.barred.set(gate, 12);
    c.maxT = 12;
    const found = focal.plan(start, goal, distances, c, cat, 1.2, 0, { maxExpansions: 1_000_000 });
    const best = new SpaceTimePlanner(grid).plan(start, goal, distances, c, null, { maxExpansions: 1_000_000 });
    expect(best?.length).toBe(11);
    expect(found?.path.length).toBe(11);
  });
});

describe('low-level budgets', () => {
  // An open 12 x 12 map, the unit crossing it under a few constraints.
  const grid = Grid.fromAscii(Array.from({ length: 12 }, () => '............'));
  const start = 0;
  const goal = grid.cells - 1;
  const distances = new GoalDistances(grid).table(goal);
  const c = emptyConstraints();
  for (let t = 1; t <= 8; t++) c.vertex.add(t * grid.cells + t); // the top row held, one cell a turn
  c.maxT = 8;

  it('go on where they stand when `more` allows: the same path from the same expansions as one unbounded call', () => {
    let asked = 0;
    const more = (): boolean => {
      asked++;
      return true;
    };
    const optimal = new SpaceTimePlanner(grid);
    const whole = optimal.plan(start, goal, distances, c, null, { maxExpansions: 1_000_000 });
    const wholeExpanded = optimal.expanded;
    const sliced = optimal.plan(start, goal, distances, c, null, { maxExpansions: 4, more });
    expect(Array.from(sliced!)).toEqual(Array.from(whole!));
    expect(optimal.expanded).toBe(wholeExpanded); // a restart per slice would have repeated them
    expect(asked).toBe(Math.floor((wholeExpanded - 1) / 4));

    const focal = new FocalPlanner(grid);
    const focalWhole = focal.plan(start, goal, distances, c, null, 1.2, 0, { maxExpansions: 1_000_000 });
    const focalExpanded = focal.expanded;
    asked = 0;
    const focalSliced = focal.plan(start, goal, distances, c, null, 1.2, 0, { maxExpansions: 3, more });
    expect(Array.from(focalSliced!.path)).toEqual(Array.from(focalWhole!.path));
    expect(focal.expanded).toBe(focalExpanded);
    expect(asked).toBeGreaterThan(0);
  });

  it('stop when `more` says so, or when there is no `more`', () => {
    const optimal = new SpaceTimePlanner(grid);
    expect(optimal.plan(start, goal, distances, c, null, { maxExpansions: 4, more: () => false })).toBe(null);
    expect(optimal.exhaustedBudget).toBe(true);
    const focal = new FocalPlanner(grid);
    expect(focal.plan(start, goal, distances, c, null, 1.2, 0, { maxExpansions: 4 })).toBe(null);
    expect(focal.exhaustedBudget).toBe(true);
  });
});
