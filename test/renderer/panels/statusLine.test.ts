// A time-out offered "the best plan found" over an empty timeline, and
// a run where units did not arrive read "Solver error" like a crash.
import { describe, expect, it } from 'vitest';
import { idleLine, statusLine } from '../../../renderer/src/panels/statusLine.ts';

describe('statusLine', () => {
  it('offers a timed-out plan only when there is one', () => {
    expect(statusLine('timeout', undefined, 1000, true)).toBe('Time limit reached after 1000.0 ms; showing the best plan found.');
    expect(statusLine('timeout', 'group of agents 1, 2', 1000, false)).toBe('Time limit reached after 1000.0 ms with no plan to show. group of agents 1, 2');
  });

  it('calls a run whose units did not all arrive not solved, not a solver error', () => {
    const line = statusLine('failed', '3 of 20 agents failed after 256 turns; 3 not on their goal', 50, true);
    expect(line).toBe('Not solved: 3 of 20 agents failed after 256 turns; 3 not on their goal; the replay shows how far they got.');
    expect(line).not.toMatch(/error/i);
    expect(statusLine('weird', 'boom', 1, false)).toBe('Solver error: boom');
  });
});

describe('idleLine', () => {
  it("after a refused solve says why, not 'Ready', until the scenario changes", () => {
    const refused = { message: 'Unit 3 cannot reach its goal at (9, 4): it is walled off.', revision: 7 };
    expect(idleLine(3, refused, 7)).toBe('Not solved: Unit 3 cannot reach its goal at (9, 4): it is walled off.');
    expect(idleLine(3, refused, 8)).toBe('Ready. Press Solve (Ctrl+Enter).');
    expect(idleLine(0, null, 8)).toMatch(/^No units yet/);
  });

  it('after a solve cancelled before it had a plan, says the last plan is kept', () => {
    expect(idleLine(3, { message: 'cancelled.', revision: 7, status: 'cancelled' }, 7)).toBe('Cancelled before a plan; the last plan is kept.');
  });
});
