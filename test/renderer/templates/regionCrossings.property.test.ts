/**
 * A region's crossings can never outrun what its width physically carries. On a one-lane
 * bridge every crossing leaves by the cell at one end, one unit a turn, and units going opposite
 * ways cannot pass on it, so no 10 turns see more than 10 crossings; through a door one cell
 * thick and `w` wide, at most `w` units leave it in a turn. Entries do not have that bound (a
 * unit may step on and back many times, which is what the old 'peak 15' on the bridge counted).
 * Plans come from the real solvers on the designer's templates, seeds and sizes drawn by fast-check.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { validatePlan } from '../../../core/mapf/validator.ts';
import { measureRegion, THROUGHPUT_TURNS } from '../../../core/mapf/regionMeasures.ts';
import { findSolver } from '../../../core/registry/registry.ts';
import { chokepointTemplate } from '../../../renderer/src/templates/chokepoints.ts';

const SOLVER_PARAMS: Record<string, Record<string, unknown>> = {
  pibt: { turnLimit: 300 },
  whca: { turnLimit: 300, window: 8 },
  hca: { turnLimit: 300 },
  lacam: { workLimit: 200_000 },
};

describe('crossings per 10 turns never exceed the region width\'s capacity', () => {
  it('on the bridge and door templates, for plans of PIBT, WHCA*, HCA* and LaCAM', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(SOLVER_PARAMS)),
        fc.oneof(
          fc.record({ kind: fc.constant('bridge' as const), opening: fc.constant(1), length: fc.integer({ min: 6, max: 14 }) }),
          fc.record({ kind: fc.constant('door' as const), opening: fc.integer({ min: 1, max: 3 }), length: fc.constant(1) }),
        ),
        fc.integer({ min: 2, max: 10 }),
        fc.integer({ min: 1, max: 1000 }),
        (solver, shape, unitsPerSide, seed) => {
          const template = chokepointTemplate({ ...shape, width: 40, height: 20, unitsPerSide });
          const grid = Grid.fromAscii(template.rows);
          const instance = { grid, movement: FOUR_CONNECTED, agents: template.units.map((u) => ({ start: grid.cell(...u.start), goal: grid.cell(...u.goal) })) };
          const result = findSolver(solver)!.solve(instance, { seed, timeLimitMs: 60_000, params: SOLVER_PARAMS[solver] });
          if (result.paths.length === 0) return;
          // Whatever the status, the plan as far as it goes obeys the conflict rules (goals aside).
          expect(validatePlan(instance, result.paths, { requireGoals: false }).valid).toBe(true);
          // The region is the opening itself: the bridge's or the door's cells.
          const x0 = Math.floor((40 - shape.length) / 2);
          const y0 = Math.floor((20 - shape.opening) / 2);
          const m = measureRegion({ width: grid.width, paths: result.paths, goals: instance.agents.map((a) => a.goal) }, { name: shape.kind, from: [x0, y0], to: [x0 + shape.length - 1, y0 + shape.opening - 1] });
          expect(m.peakCrossings, `${solver} on a ${shape.kind} ${shape.opening} wide: ${JSON.stringify(m)}`).toBeLessThanOrEqual(THROUGHPUT_TURNS * shape.opening);
          expect(m.crossings + m.turnBacks).toBeLessThanOrEqual(m.entries);
        },
      ),
      { numRuns: 24, seed: 28 },
    );
  });
});
