/**
 * Compare on one scenario: pick solvers, run them one after the other in the solver process
 * (cancel any time), and read the table (CompareTable.tsx). Every comparison is kept with the
 * scenario (keptComparisons.ts) and can be named, deleted (with Undo), saved as NAME.compare.json
 * and opened again; one made before the scenario changed says so and offers to run again. A row
 * opens its replay; A and B pick two rows the B key flips between at the same turn; CSV export.
 * It sits in the side panel, or full width in the Compare view below the map (K).
 */
import { lorrStore } from '../lorr/lorrState.ts';
import { useEffect, useState } from 'react';
import { SOLVERS } from '../../../core/registry/registry.ts';
import { useSlice } from '../state/store.ts';
import { modelStore } from '../state/modelStore.ts';
import { solveStore } from '../solve/solveState.ts';
import { cancelCompare, exportCompareCsv, runCompare, switchAB } from './compareActions.ts';
import { deleteComparison, openComparisons, renameComparison, saveComparisons, selectComparison } from './keptActions.ts';
import { currentPlanHash } from './keptComparisons.ts';
import { shortSolverName } from './compareRows.ts';
import { compareStore } from './compareState.ts';
import { CompareTable } from './CompareTable.tsx';
import { crowdJamSentences } from './crowdJams.ts';
import { plannerFailureSentences } from './failureSentences.ts';

export function toggleCompareView(): void {
  compareStore.set({ docked: !compareStore.get().docked });
}

export function ComparePanel({ inDock = false }: { inDock?: boolean }) {
  const state = useSlice(compareStore, (s) => s);
  const compareRevision = useSlice(modelStore, (s) => s.compareRevision);
  const regions = useSlice(modelStore, (s) => s.regions);
  const solving = useSlice(solveStore, (s) => s.phase === 'running');
  const lorr = useSlice(lorrStore, (s) => s.problem !== null);
  const running = state.phase === 'running';
  const active = state.kept.find((c) => c.id === state.activeId) ?? null;
  // A comparison belongs to the scenario as compared: after an edit that changes plans it is stale.
  // (compareRevision changes exactly when such an edit happens; the hash is recomputed then, and
  // only while comparisons are kept: serialising a big map at every stroke would be for nothing.)
  const hash = state.kept.length > 0 && compareRevision >= 0 ? currentPlanHash() : null;
  const current = running || (hash !== null && state.hash === hash);
  const hashes = state.kept.map((c) => c.scenarioHash === hash);
  const [name, setName] = useState(active?.name ?? '');
  useEffect(() => setName(active?.name ?? ''), [active?.id, active?.name]);
  const toggle = (solver: string) => compareStore.set({ picked: state.picked.includes(solver) ? state.picked.filter((n) => n !== solver) : [...state.picked, solver] });
  const rows = state.rows;
  const regionNames = active && !running ? active.regions : rows[0]?.regions.map((r) => r.name) ?? regions.map((r) => r.name);
  // A League of Robot Runners problem runs lifelong (its own planners, no goals to compare paths to):
  // comparing the MAPF solvers on its units would compare nothing the problem asks.
  if (lorr) {
    return (
      <section className="panel" aria-label="Compare solvers" data-testid="compare-panel-lorr">
        <h2>Compare solvers</h2>
        <p className="muted">A LoRR problem is open: compare its lifelong planners against team size in the Lab (preset LoRR 2024, or an experiment with a map of kind lorr).</p>
      </section>
    );
  }
  if (state.docked && !inDock) {
    return (
      <section className="panel" aria-label="Compare solvers" data-testid="compare-panel-stub">
        <h2>Compare solvers</h2>
        <p className="muted">
          Open below the map. <button type="button" onClick={toggleCompareView}>Back here <kbd>K</kbd></button>
        </p>
      </section>
    );
  }
  return (
    <section className={`panel${inDock ? ' compare-docked' : ''}`} aria-label="Compare solvers" data-testid="compare-panel">
      <h2>
        Compare solvers
        <button type="button" className="compare-view-toggle" onClick={toggleCompareView} data-testid="compare-view" title={inDock ? 'Back to the side panel (K)' : 'Open the Compare view: full width below the map (K)'}>
          {inDock ? 'To the side' : 'Full width'} <kbd>K</kbd>
        </button>
      </h2>
      <div className="compare-picks" role="group" aria-label="Solvers to compare">
        {SOLVERS.map((s) => (
          <label key={s.name} className="compare-pick" title={s.label}>
            <input type="checkbox" checked={state.picked.includes(s.name)} disabled={running} onChange={() => toggle(s.name)} data-testid={`compare-pick-${s.name}`} />
            {shortSolverName(s.name)}
          </label>
        ))}
      </div>
      <div className="field-row">
        <button type="button" onClick={() => void runCompare()} disabled={running || solving || state.picked.length === 0} data-testid="compare-run" title="Solve the scenario with each picked solver, one after the other, as a new comparison">
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
      <div className="compare-kept" role="group" aria-label="Kept comparisons">
        <div className="field-row compare-kept-name">
          <select value={state.activeId ?? ''} disabled={running || state.kept.length === 0} onChange={(e) => selectComparison(e.target.value || null)} data-testid="compare-kept" aria-label="Kept comparison shown" title="Comparisons kept with this scenario (newest last)">
            {state.kept.length === 0 && <option value="">No comparison kept</option>}
            {state.kept.map((c, i) => (
              <option key={c.id} value={c.id}>
                {c.name}{hashes[i] ? '' : ' (stale)'}
              </option>
            ))}
          </select>
          <input
            type="text"
            value={name}
            disabled={running || !active}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => active && renameComparison(active.id, name)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && active) renameComparison(active.id, name);
              if (e.key === 'Escape') setName(active?.name ?? '');
              e.stopPropagation();
            }}
            aria-label="Name of the comparison"
            data-testid="compare-name"
          />
        </div>
        <div className="field-row">
          <button type="button" disabled={running || !active} onClick={() => active && deleteComparison(active.id)} data-testid="compare-delete" title="Delete this comparison (Undo in the notice)">
            Delete
          </button>
          <button type="button" disabled={running || state.kept.length === 0} onClick={() => void saveComparisons()} data-testid="compare-save" title="Save the kept comparisons with their plans as NAME.compare.json, to keep beside the scenario">
            Save…
          </button>
          <button type="button" disabled={running} onClick={() => void openComparisons()} data-testid="compare-open" title="Open a NAME.compare.json file">
            Open…
          </button>
        </div>
      </div>
      {(running || state.progress) && <p className="muted" data-testid="compare-progress">{running ? `Running ${state.progress}` : state.progress}</p>}
      {!current && active && (
        <p className="stale" data-testid="compare-stale">
          The scenario changed since “{active.name}” was made ({new Date(active.createdAt).toLocaleString()}): its figures are of the earlier scenario.{' '}
          <button type="button" onClick={() => void runCompare(true)} disabled={solving} data-testid="compare-rerun" title="Run the same solvers on the scenario as it is now, in place of these rows">
            Run again
          </button>
        </p>
      )}
      {rows.length > 0 && <CompareTable rows={rows} regionNames={regionNames} current={current} shown={current ? state.shown : null} a={state.a} b={state.b} />}
      {plannerFailureSentences(rows).map((sentence) => (
        <p className="compare-jam" data-testid="compare-failure" key={sentence}>
          {sentence}
        </p>
      ))}
      {crowdJamSentences(rows).map((sentence) => (
        <p className="compare-jam" data-testid="compare-jam" key={sentence}>
          {sentence}
        </p>
      ))}
      {rows.length > 0 && current && state.shown !== null && (
        <p className="muted" data-testid="compare-shown">
          Replaying {rows[state.shown]?.label}
          {state.a !== null && state.b !== null ? ` (A: ${rows[state.a]?.label}, B: ${rows[state.b]?.label}; B flips)` : ''}.
        </p>
      )}
    </section>
  );
}
