/**
 * lacam3's space utilisation optimisation (scatter.ts; Okumura, AAMAS 2024): units get paths to
 * their goals within a margin of the shortest that cross each other least, and LaCAM* with them
 * still gives valid plans.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../../core/grid/movement.ts';
import { describeViolations, validatePlan } from '../../../../core/mapf/validator.ts';
import { findSolver } from '../../../../core/registry/registry.ts';
import { GoalDistances } from '../../../../core/search/goalDistances.ts';
import { buildScatter } from '../../../../core/solvers/lacam/scatter.ts';
import { Random } from '../../../../core/util/random.ts';
import { randomInstance } from '../optimal/randomInstances.ts';

/** The cells unit i's scattered path visits from its start, following next() (at most `limit`). */
function follow(scatter: NonNullable<ReturnType<typeof buildScatter>>, i: number, start: number, limit: number): number[] {
  const path = [start];
  for (let v = scatter.next(i, start); v !== -1 && path.length <= limit; v = scatter.next(i, v)) path.push(v);
  return path;
}

describe('scatter', () => {
  // A runs along the top lane to its goal; B must cross from the right to the left. The top lane
  // is B's shortest way (7 steps, head-on into A); the bottom lane costs it 2 more.
  //   x: 0 1 2 3 4 5
  //   y0 A . . . . a      A (0,0) -> a (5,0)
  //   y1 b @ @ @ @ B      B (5,1) -> b (0,1)
  //   y2 . @ @ @ @ .
  //   y3 . . . . . .
  const grid = Grid.fromAscii(['......', '.@@@@.', '.@@@@.', '......']);
  const starts = Int32Array.of(grid.cell(0, 0), grid.cell(5, 1));
  const goals = Int32Array.of(grid.cell(5, 0), grid.cell(0, 1));
  const build = (margin: number, shouldStop = () => false) => {
    const distances = new GoalDistances(grid);
    return buildScatter({ grid, starts, goals, tableOf: (i) => distances.table(goals[i]), random: new Random(3), margin, shouldStop });
  };

  it('with room to spare a unit takes the longer lane instead of meeting the other head-on', () => {
    const scatter = build(10)!;
    expect(scatter.collisions).toBe(0);
    const a = follow(scatter, 0, starts[0], 40);
    const b = follow(scatter, 1, starts[1], 40);
    expect(a.at(-1)).toBe(goals[0]);
    expect(b.at(-1)).toBe(goals[1]);
    const step = (u: number, v: number) => Math.abs((u % grid.width) - (v % grid.width)) + Math.abs(Math.floor(u / grid.width) - Math.floor(v / grid.width));
    for (const path of [a, b]) {
      for (let t = 1; t < path.length; t++) expect(step(path[t - 1], path[t])).toBe(1);
    }
    // One of them keeps off the top lane.
    expect(a.includes(grid.cell(2, 3)) || b.includes(grid.cell(2, 3))).toBe(true);
  });

  it('within a margin of 1 both must take the top lane, and the collision is counted', () => {
    expect(build(1)!.collisions).toBeGreaterThan(0);
  });

  it('a stop before the first round is done leaves no scattered paths', () => {
    expect(build(10, () => true)).toBeNull();
  });

  it('stands aside on a map too large for its table', () => {
    const big = new Grid(2100, 2100);
    const distances = new GoalDistances(big);
    const far = Int32Array.of(big.cell(2099, 2099));
    expect(buildScatter({ grid: big, starts: Int32Array.of(0), goals: far, tableOf: () => distances.table(far[0]), random: new Random(1), margin: 10, shouldStop: () => false })).toBeNull();
  });

  it('LaCAM and LaCAM* with scattered preferences give valid plans on dense random instances', () => {
    let solved = 0;
    for (let seed = 1; seed <= 15; seed++) {
      const instance = randomInstance(seed, 10, 10, 0.2, 30, FOUR_CONNECTED);
      for (const name of ['lacam', 'lacam-star']) {
        const result = findSolver(name)!.solve(instance, { seed, params: { scatterMargin: 5, workLimit: 300_000 } });
        if (result.status !== 'solved') continue; // some random instances have no plan
        const check = validatePlan(instance, result.paths);
        expect(check.valid, `${name} seed ${seed}: ${describeViolations(check)}`).toBe(true);
        solved++;
      }
    }
    expect(solved).toBeGreaterThan(10);
  });
});
