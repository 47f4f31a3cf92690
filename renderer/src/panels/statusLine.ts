/**
 * How the solver panel says how a solve ended. A solve that ran but did not get every unit home
 * is not a crash ("Solver error" read like one), and a time-out only offers a plan when there is
 * one (id+od said "showing the best plan found" over an empty timeline).
 */
export function statusLine(status: string, message: string | undefined, elapsedMs: number, planned: boolean): string {
  const time = `${elapsedMs.toFixed(1)} ms`;
  const detail = message ? ` ${message}` : '';
  switch (status) {
    case 'solved':
      return `Solved in ${time}.`;
    case 'cancelled':
      return 'Cancelled.';
    case 'timeout':
      return planned ? `Time limit reached after ${time}; showing the best plan found.${detail}` : `Time limit reached after ${time} with no plan to show.${detail}`;
    case 'unsolvable':
      return `No solution: ${message ?? 'the instance is unsolvable.'}`;
    case 'failed':
      return planned ? `Not solved: ${message ?? 'some units did not arrive'}; the replay shows how far they got.` : `Not solved: ${message ?? 'no plan'}.`;
    default:
      return `Solver error: ${message ?? 'unknown error'}`;
  }
}

/**
 * The solver panel's line before any solve, or after one the panel refused to send (units walled
 * off from their goals), or one the solver refused or that was cancelled before it had a plan (the
 * last plan kept): the refusal, while the scenario is the one it judged, never 'Ready'.
 */
export function idleLine(units: number, refused: { message: string; revision: number; status?: 'failed' | 'cancelled' } | null, planRevision: number): string {
  if (refused !== null && refused.revision === planRevision) return refused.status === 'cancelled' ? 'Cancelled before a plan; the last plan is kept.' : `Not solved: ${refused.message}`;
  return units === 0 ? 'No units yet: add some with the Unit tool (U) or “Place random units”.' : 'Ready. Press Solve (Ctrl+Enter).';
}
