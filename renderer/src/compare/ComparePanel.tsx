/**
 * Compare on one scenario (issue 15): pick solvers, run them one after the other in the solver
 * process (cancel any time), and read the table: status, units arrived, makespan, sum of costs
 * (its cost model named), waits, each measured region's throughput and waits, solve time. A row
 * opens its replay; A and B pick two rows the B key flips between at the same turn; CSV export.
 */
import { SOLVERS } from '../../../core/registry/registry.ts';
import { useSlice } from '../state/store.ts';
import { modelStore } from '../state/modelStore.ts';
import { solveStore } from '../state/solveState.ts';
import { cancelCompare, exportCompareCsv, runCompare, showCompareRow, switchAB } from './compareActions.ts';
import { shortSolverName, statusText } from './compareRows.ts';
import { compareStore } from './compareState.ts';

export function ComparePanel() {
  const state = useSlice(compareStore, (s) => s);
  const compareRevision = useSlice(modelStore, (s) => s.compareRevision);
  const regions = useSlice(modelStore, (s) => s.regions);
  const solving = useSlice(solveStore, (s) => s.phase === 'running');
  const running = state.phase === 'running';
  // A comparison belongs to the scenario as compared: an edit that changes plans hides it.
  const current = state.revision === compareRevision;
  const rows = current ? state.rows : [];
  const toggle = (name: string) => compareStore.set({ picked: state.picked.includes(name) ? state.picked.filter((n) => n !== name) : [...state.picked, name] });
  const regionNames = rows[0]?.regions.map((r) => r.name) ?? regions.map((r) => r.name);
  // The proved lower bound gets a column when a run has one (it was in the row's tooltip only).
  const bounded = rows.some((row) => row.lowerBound !== null);
  // The engine crowd models' steering measures get their columns when a crowd model ran.
  const crowds = rows.some((row) => row.crowd !== null);
  return (
    <section className="panel" aria-label="Compare solvers" data-testid="compare-panel">
      <h2>Compare solvers</h2>
      <div className="compare-picks" role="group" aria-label="Solvers to compare">
        {SOLVERS.map((s) => (
          <label key={s.name} className="compare-pick" title={s.label}>
            <input type="checkbox" checked={state.picked.includes(s.name)} disabled={running} onChange={() => toggle(s.name)} data-testid={`compare-pick-${s.name}`} />
            {shortSolverName(s.name)}
          </label>
        ))}
      </div>
      <div className="field-row">
        <button type="button" onClick={() => void runCompare()} disabled={running || solving || state.picked.length === 0} data-testid="compare-run" title="Solve the scenario with each picked solver, one after the other">
          Compare {state.picked.length}
        </button>
        <button type="button" onClick={cancelCompare} disabled={!running} data-testid="compare-cancel" title="Stop the run in progress and the rest (Esc)">
          Cancel
        </button>
        <button type="button" onClick={() => void exportCompareCsv()} disabled={rows.length === 0 || running} data-testid="compare-csv">
          CSV…
        </button>
        <button type="button" onClick={switchAB} disabled={state.a === null || state.b === null} data-testid="compare-ab" title="Replay the other of A and B at the same turn (B)">
          A/B <kbd>B</kbd>
        </button>
      </div>
      {(running || state.progress) && <p className="muted" data-testid="compare-progress">{running ? `Running ${state.progress}` : state.progress}</p>}
      {!current && state.rows.length > 0 && <p className="stale" data-testid="compare-stale">The scenario changed since the comparison: compare again.</p>}
      {rows.length > 0 && (
        <div className="compare-scroll">
          <table className="results compare" data-testid="compare-table">
            <thead>
              <tr>
                <th>Solver</th>
                <th>Status</th>
                <th title="Turns until the last unit rests on its goal">Makespan</th>
                <th title={`Sum of costs, cost model '${rows[0].costModel}'`}>SoC ({rows[0].costModel})</th>
                {bounded && <th title={`Lower bound on the optimal sum of costs the solver proved (CBS, EECBS, LaCAM*), cost model '${rows[0].costModel}'`}>Bound</th>}
                <th title="Turns units stood still off their goals: all units, and the most one unit waited">Waits / max</th>
                {regionNames.map((name) => (
                  <th key={name} title={`${name}: crossings per 10 turns (units that left by another side than they came in), and the mean wait in it or next to it`}>
                    {name}
                  </th>
                ))}
                {crowds && (
                  <>
                    <th title="Units on their goal at the end (engine crowd models)">Arrived</th>
                    <th title="Units that did not arrive and did not move a cell's distance for the model's stuck time">Stuck</th>
                    <th title="Pair-turns of discs intersecting by more than 10% of the radius, and the deepest intersection in % of the radius">Overlaps / deepest</th>
                    <th title="Direction reversals (heading turned over 90 degrees between turns while moving), all units: oscillation">Reversals</th>
                    <th title="Time per simulation step on the run's clock, mean / max (ms)">Step ms</th>
                  </>
                )}
                <th title="Solve time (wall clock, in the solver process)">ms</th>
                <th>A</th>
                <th>B</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i} className={state.shown === i ? 'shown' : row.status === 'solved' ? '' : 'failed'} onClick={() => showCompareRow(i)} data-testid="compare-row" title={`${row.message ? `${row.message}\n` : ''}Click to replay this run`}>
                  <td>{row.label}</td>
                  <td data-testid={`compare-status-${i}`}>{statusText(row)}{row.conflicts > 0 ? `, ${row.conflicts} conflicts` : ''}</td>
                  <td data-testid={`compare-makespan-${i}`}>{row.makespan ?? '—'}</td>
                  <td data-testid={`compare-soc-${i}`}>{row.sumOfCosts ?? '—'}</td>
                  {bounded && <td data-testid={`compare-bound-${i}`}>{row.lowerBound ?? '—'}</td>}
                  <td data-testid={`compare-waits-${i}`}>{row.totalWait === null ? '—' : `${row.totalWait} / ${row.maxWait}`}</td>
                  {regionNames.map((name, k) => (
                    <td key={name} data-testid={`compare-region-${i}-${k}`} title={row.regions[k] ? `${row.regions[k].crossings} crossed (peak ${row.regions[k].peakCrossings} per 10 turns), ${row.regions[k].entries} entries, ${row.regions[k].turnBacks} turned back` : undefined}>
                      {row.regions[k] ? `${row.regions[k].crossingRate.toFixed(2)} · ${row.regions[k].meanWait.toFixed(1)}` : '—'}
                    </td>
                  ))}
                  {crowds && (
                    <>
                      <td data-testid={`compare-arrived-${i}`}>{row.crowd ? row.crowd.arrived : '—'}</td>
                      <td data-testid={`compare-stuck-${i}`}>{row.crowd ? row.crowd.stuck : '—'}</td>
                      <td data-testid={`compare-overlaps-${i}`}>{row.crowd ? `${row.crowd.overlaps} / ${row.crowd.deepestOverlapPct.toFixed(0)}%` : '—'}</td>
                      <td data-testid={`compare-reversals-${i}`}>{row.crowd ? row.crowd.reversals : '—'}</td>
                      <td data-testid={`compare-step-${i}`}>{row.crowd ? `${row.crowd.stepMsMean.toFixed(2)} / ${row.crowd.stepMsMax.toFixed(1)}` : '—'}</td>
                    </>
                  )}
                  <td>{row.solveMs.toFixed(0)}</td>
                  <td onClick={(e) => e.stopPropagation()}>
                    <input type="radio" name="compare-a" checked={state.a === i} onChange={() => compareStore.set({ a: i })} aria-label={`A: ${row.label}`} data-testid={`compare-a-${i}`} />
                  </td>
                  <td onClick={(e) => e.stopPropagation()}>
                    <input type="radio" name="compare-b" checked={state.b === i} onChange={() => compareStore.set({ b: i })} aria-label={`B: ${row.label}`} data-testid={`compare-b-${i}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > 0 && state.shown !== null && (
        <p className="muted" data-testid="compare-shown">
          Replaying {rows[state.shown]?.label}
          {state.a !== null && state.b !== null ? ` (A: ${rows[state.a]?.label}, B: ${rows[state.b]?.label}; B flips)` : ''}.
        </p>
      )}
    </section>
  );
}
