import { describe, expect, it } from 'vitest';
import { encodePaths } from '../../../core/protocol/wire.ts';
import { planlessEnding } from '../../../renderer/src/solve/planlessEnding.ts';

describe('a solve that ends with no plan', () => {
  it('is a refusal when the solver failed before planning, a cancellation when cancelled before a plan', () => {
    expect(planlessEnding({ status: 'failed', paths: encodePaths([]) })).toBe('refused');
    expect(planlessEnding({ status: 'cancelled', paths: encodePaths([]) })).toBe('cancelled');
  });

  it('is not one when there is something to replay, or the run ended as a run does', () => {
    // A failed run with paths (units stuck in a gridlock) replays how far they got.
    expect(planlessEnding({ status: 'failed', paths: encodePaths([[0, 1], [2, 2]]) })).toBeNull();
    // A crowd model's discs are its plan.
    expect(planlessEnding({ status: 'failed', paths: encodePaths([]), crowd: {} })).toBeNull();
    // A time-out or an unsolvable instance is an answer about the run (with its bound, its reason).
    expect(planlessEnding({ status: 'timeout', paths: encodePaths([]) })).toBeNull();
    expect(planlessEnding({ status: 'unsolvable', paths: encodePaths([]) })).toBeNull();
    expect(planlessEnding({ status: 'solved', paths: encodePaths([[0]]) })).toBeNull();
  });
});
