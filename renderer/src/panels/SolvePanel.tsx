/** Solver choice, Solve and Cancel, progress, and the outcome of the last solve. */
import { useEffect } from 'react';
import { SOLVERS } from '../../../core/solvers/registry.ts';
import { pathCost, sumOfCosts, makespan } from '../../../core/mapf/plan.ts';
import { defaultAgentColor } from '../../../core/mapf/agentColors.ts';
import { labStore } from '../state/labState.ts';
import { useSlice } from '../state/store.ts';
import { cancelSolve, solveCurrent } from '../state/solveActions.ts';

export function SolvePanel() {
  const solver = useSlice(labStore, (s) => s.solver);
  const phase = useSlice(labStore, (s) => s.phase);
  const progress = useSlice(labStore, (s) => s.progress);
  const outcome = useSlice(labStore, (s) => s.outcome);
  const instance = useSlice(labStore, (s) => s.instance);
  const running = phase === 'running';

  useEffect(() => {
    // Ctrl/Cmd+Enter solves, Escape cancels.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        void solveCurrent();
      } else if (event.key === 'Escape') {
        cancelSolve();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const goals = instance.agents.map((a) => a.goal);
  return (
    <section className="panel" aria-label="Solver">
      <h2>Solver</h2>
      <label className="field">
        <span>Algorithm</span>
        <select value={solver} disabled={running} onChange={(e) => labStore.set({ solver: e.target.value })} data-testid="solver-select">
          {SOLVERS.map((s) => (
            <option key={s.name} value={s.name}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <div className="buttons">
        <button type="button" onClick={() => void solveCurrent()} disabled={running} title="Solve (Ctrl+Enter)" data-testid="solve">
          Solve
        </button>
        <button type="button" onClick={cancelSolve} disabled={!running} title="Cancel (Esc)" data-testid="cancel">
          Cancel
        </button>
      </div>
      <p className="status" role="status" data-testid="status" data-status={running ? 'running' : (outcome?.status ?? 'idle')}>
        {running ? progress || 'Solving…' : outcome ? statusLine(outcome.status, outcome.message, outcome.stats.elapsedMs) : 'Ready. Press Solve (Ctrl+Enter).'}
      </p>
      {outcome && outcome.paths.length > 0 && (
        <>
          <table className="results" data-testid="results">
            <thead>
              <tr>
                <th>Unit</th>
                <th>Cost</th>
                <th>Steps</th>
              </tr>
            </thead>
            <tbody>
              {outcome.paths.map((path, i) => (
                <tr key={i}>
                  <td>
                    <span className="swatch" style={{ background: defaultAgentColor(i) }} /> {i + 1}
                  </td>
                  <td>{pathCost(path, goals[i])}</td>
                  <td>{path.length - 1}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td>Total</td>
                <td data-testid="sum-of-costs">{sumOfCosts(outcome.paths, goals)}</td>
                <td>makespan {makespan(outcome.paths, goals)}</td>
              </tr>
            </tfoot>
          </table>
          <p className={outcome.conflicts.length ? 'conflicts' : 'valid'} data-testid="validation">
            {outcome.conflicts.length === 0
              ? 'Plan validator: no conflicts.'
              : `Plan validator: ${outcome.conflicts.length} conflict${outcome.conflicts.length > 1 ? 's' : ''} (units collide: this solver does not cooperate). First: ${outcome.conflicts[0]}`}
          </p>
        </>
      )}
    </section>
  );
}

function statusLine(status: string, message: string | undefined, elapsedMs: number): string {
  const time = `${elapsedMs.toFixed(1)} ms`;
  switch (status) {
    case 'solved':
      return `Solved in ${time}.`;
    case 'cancelled':
      return 'Cancelled.';
    case 'timeout':
      return `Time limit reached after ${time}. ${message ?? ''}`;
    case 'unsolvable':
      return `No solution: ${message ?? 'the instance is unsolvable.'}`;
    default:
      return `Solver error: ${message ?? 'unknown error'}`;
  }
}
