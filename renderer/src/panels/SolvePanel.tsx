/**
 * Solver settings (stored in the scenario: each change is a setSolverSettings or setMovement
 * command), Solve and Cancel, progress, and the outcome of the last solve.
 */
import { SOLVERS } from '../../../core/solvers/registry.ts';
import { AGENT_ORDERS, type SolverSettings } from '../../../core/scenario/schema.ts';
import { pathCost, sumOfCosts, makespan } from '../../../core/mapf/plan.ts';
import { labStore } from '../state/labState.ts';
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';
import { cancelSolve, solveCurrent } from '../state/solveActions.ts';
import { COOPERATIVE, DEFAULT_TIME_LIMIT_MS, WINDOWED } from '../state/solveRequest.ts';
import { dispatch } from '../state/editActions.ts';
import { NumberField } from './NumberField.tsx';

/** Rows of the results table; a thousand-unit run shows totals and the first rows only. */
const MAX_ROWS = 200;

function setSettings(settings: Partial<SolverSettings>): void {
  dispatch({ type: 'setSolverSettings', settings });
}

export function SolvePanel() {
  const settings = useSlice(modelStore, (s) => s.solver);
  const movement = useSlice(modelStore, (s) => s.movement);
  const agents = useSlice(modelStore, (s) => s.agents);
  const revision = useSlice(modelStore, (s) => s.revision);
  const phase = useSlice(labStore, (s) => s.phase);
  const progress = useSlice(labStore, (s) => s.progress);
  const outcome = useSlice(labStore, (s) => s.outcome);
  const running = phase === 'running';
  const cooperative = COOPERATIVE.has(settings.solver);
  const stale = outcome !== null && outcome.revision !== revision;

  return (
    <section className="panel" aria-label="Solver">
      <h2>Solver</h2>
      <label className="field">
        <span>Algorithm</span>
        <select value={settings.solver} disabled={running} onChange={(e) => setSettings({ solver: e.target.value })} data-testid="solver-select">
          {SOLVERS.map((s) => (
            <option key={s.name} value={s.name}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <div className="field-row">
        {WINDOWED.has(settings.solver) && (
          <NumberField label="Window (turns)" value={settings.window} placeholder="16" min={1} onCommit={(window) => setSettings({ window })} testId="solver-window" disabled={running} />
        )}
        <NumberField
          label="Time limit (s)"
          value={settings.timeLimitMs === undefined ? undefined : settings.timeLimitMs / 1000}
          placeholder={String(DEFAULT_TIME_LIMIT_MS / 1000)}
          min={0.001}
          step="any"
          onCommit={(s) => setSettings({ timeLimitMs: s === undefined ? undefined : Math.max(1, Math.round(s * 1000)) })}
          testId="solver-time-limit"
          disabled={running}
        />
        {cooperative && (
          <NumberField label="Turn limit" value={settings.turnLimit} placeholder="auto" min={1} onCommit={(turnLimit) => setSettings({ turnLimit })} testId="solver-turn-limit" disabled={running} />
        )}
      </div>
      <div className="field-row">
        {cooperative && (
          <label className="field">
            <span>Order</span>
            <select value={settings.order} disabled={running} onChange={(e) => setSettings({ order: e.target.value as SolverSettings['order'] })} data-testid="solver-order">
              {AGENT_ORDERS.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="field">
          <span>Moves</span>
          <select
            value={movement.connectivity}
            disabled={running}
            onChange={(e) => dispatch({ type: 'setMovement', movement: { connectivity: Number(e.target.value) as 4 | 8 } })}
            data-testid="connectivity"
          >
            <option value={4}>4-connected</option>
            <option value={8}>8-connected</option>
          </select>
        </label>
        <NumberField label="Seed" value={settings.seed} min={0} onCommit={(seed) => setSettings({ seed: seed ?? 1 })} testId="solver-seed" disabled={running} />
      </div>
      <div className="buttons">
        <button type="button" onClick={() => void solveCurrent()} disabled={running || agents.length === 0} title="Solve (Ctrl+Enter)" data-testid="solve">
          Solve
        </button>
        <button type="button" onClick={cancelSolve} disabled={!running} title="Cancel (Esc)" data-testid="cancel">
          Cancel
        </button>
      </div>
      <p className="status" role="status" data-testid="status" data-status={running ? 'running' : (outcome?.status ?? 'idle')}>
        {running
          ? progress || 'Solving…'
          : outcome
            ? statusLine(outcome.status, outcome.message, outcome.stats.elapsedMs)
            : agents.length === 0
              ? 'No units yet: add some with the Unit tool (U) or “Place random units”.'
              : 'Ready. Press Solve (Ctrl+Enter).'}
      </p>
      {stale && !running && <p className="stale" data-testid="stale">The scenario changed since this plan: solve again to replay it.</p>}
      {outcome && !stale && outcome.paths.length > 0 && (
        <>
          <table className="results" data-testid="results">
            <thead>
              <tr>
                <th>Unit</th>
                <th>Cost</th>
                <th>Waits</th>
              </tr>
            </thead>
            <tbody>
              {outcome.paths.slice(0, MAX_ROWS).map((path, i) => (
                <tr key={i}>
                  <td>
                    <span className="swatch" style={{ background: agents[i]?.colour ?? '#888' }} /> {agents[i]?.name ?? i + 1}
                  </td>
                  <td>{pathCost(path, outcome.goals[i])}</td>
                  <td>{outcome.analysis.units[i]?.waits ?? 0}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td>Total</td>
                <td data-testid="sum-of-costs">{sumOfCosts(outcome.paths, outcome.goals)}</td>
                <td>makespan {makespan(outcome.paths, outcome.goals)}</td>
              </tr>
            </tfoot>
          </table>
          {outcome.paths.length > MAX_ROWS && <p className="muted">First {MAX_ROWS} of {outcome.paths.length} units.</p>}
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
      return `Time limit reached after ${time}; showing the best plan found. ${message ?? ''}`;
    case 'unsolvable':
      return `No solution: ${message ?? 'the instance is unsolvable.'}`;
    default:
      return `Solver error: ${message ?? 'unknown error'}`;
  }
}
