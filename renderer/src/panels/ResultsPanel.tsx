/** The last plan per unit (cost, waits), its totals, and what the plan validator says about it. */
import { arrivedCount, costModelOf, pathCost, reportedCosts } from '../../../core/mapf/plan.ts';
import { solveStore } from '../solve/solveState.ts';
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';
import { exportSolutionText } from '../documents/fileActions.ts';
import { boundText, boundTitle } from './boundText.ts';
import { useState } from 'react';
import { editorStore } from '../state/editorState.ts';
import { nextSort, resultsOrder, type ResultsSort } from './resultsOrder.ts';
import { selectUnit } from './UnitList.tsx';
import { FailuresList } from './FailuresList.tsx';
import { StreamResults } from './StreamResults.tsx';
import { LifelongResults } from '../lorr/LifelongResults.tsx';

/** Rows of the results table; a thousand-unit run shows totals and the first rows only. */
const MAX_ROWS = 200;

export function ResultsPanel() {
  const outcome = useSlice(solveStore, (s) => s.outcome);
  const selection = useSlice(editorStore, (s) => s.selection);
  const [sort, setSort] = useState<ResultsSort>({ key: 'unit', descending: false });
  const agents = useSlice(modelStore, (s) => s.agents);
  const revision = useSlice(modelStore, (s) => s.planRevision);
  // Settings are part of the document, so while the plan is current these are the ones it was solved with.
  const costModel = costModelOf(useSlice(modelStore, (s) => s.solver.params));
  // A plan for an edited scenario would show rows for units that moved or no longer exist.
  const stale = outcome !== null && outcome.revision !== revision;
  if (!outcome || stale || outcome.paths.length === 0) return null;
  if (outcome.lifelong) return <LifelongResults outcome={outcome} />;
  // A stream's spawned units follow the scenario's own (they are not in the document).
  const units = outcome.streamUnits ? [...agents, ...outcome.streamUnits] : agents;
  // In a stream a unit's figure is its time in the system (appearance to exit; none while on the map), not a cost.
  const stream = outcome.streams;
  const unitCosts = stream
    ? outcome.paths.map((_, i) => (stream.leaveTurn[i] >= 0 ? stream.leaveTurn[i] - stream.appearTurn[i] : null))
    : outcome.paths.map((path, i) => (path[path.length - 1] === outcome.goals[i] ? pathCost(path, outcome.goals[i], costModel) : null));
  const unitWaits = outcome.paths.map((_, i) => outcome.analysis.units[i]?.waits ?? 0);
  const order = resultsOrder(unitCosts, unitWaits, sort);
  // A run that did not solve has no cost: the totals say what it reached instead.
  const costs = reportedCosts(outcome.status === 'solved' && !stream, outcome.paths, outcome.goals, costModel);
  return (
    <section className="panel" aria-label="Results">
      <h2>Results</h2>
      <button type="button" className="export" onClick={() => void exportSolutionText()} title="Save the plan as t:(x,y),… text for mapf-visualizer" data-testid="export-solution">
        Export plan (.txt)
      </button>
      <table className="results sortable" data-testid="results">
        <thead>
          <tr>
            {(['unit', 'cost', 'waits'] as const).map((key) => (
              <th key={key} aria-sort={sort.key === key ? (sort.descending ? 'descending' : 'ascending') : 'none'} onClick={() => setSort(nextSort(sort, key))} title="Click to sort (again: the other way)" data-testid={`results-sort-${key}`}>
                {key === 'unit' ? 'Unit' : key === 'cost' ? (stream ? 'In system' : 'Cost') : 'Waits'}
                {sort.key === key ? (sort.descending ? ' ▾' : ' ▴') : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {order.slice(0, MAX_ROWS).map((i) => (
            <tr key={i} className={`${selection.includes(units[i]?.id ?? '') ? 'selected' : ''}${unitCosts[i] === null ? ' unarrived' : ''}`} onClick={(e) => units[i] && selectUnit(units[i].id, e.shiftKey)} title="Click to select and follow this unit" data-testid="results-row">
              <td>
                <span className="swatch" style={{ background: units[i]?.colour ?? '#888' }} /> {units[i]?.name ?? i + 1}
              </td>
              <td>{unitCosts[i] ?? '—'}</td>
              <td>{unitWaits[i]}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td>Total</td>
            <td data-testid="sum-of-costs" title={stream ? 'a stream has no sum of costs: its measures are below' : costs.sumOfCosts === null ? `not solved (${outcome.status}): no cost` : `cost model '${costModel}'`}>{costs.sumOfCosts ?? '—'}</td>
            <td data-testid="makespan">{stream ? `${stream.left} of ${stream.appeared} left` : costs.makespan === null ? `${arrivedCount(outcome.paths, outcome.goals)} of ${outcome.paths.length} arrived` : `makespan ${costs.makespan}`}</td>
          </tr>
        </tfoot>
      </table>
      {outcome.paths.length > MAX_ROWS && <p className="muted">First {MAX_ROWS} of {outcome.paths.length} units in this order.</p>}
      {boundText(outcome.stats.costLowerBound, costs.sumOfCosts) && (
        <p className="muted" data-testid="cost-lower-bound" title={boundTitle(outcome.solver, outcome.stats.costLowerBound, costs.sumOfCosts, costModel)}>
          {boundText(outcome.stats.costLowerBound, costs.sumOfCosts)}
        </p>
      )}
      {outcome.streams && <StreamResults streams={outcome.streams} />}
      <FailuresList outcome={outcome} />
      <p className={outcome.conflicts.length ? 'conflicts' : 'valid'} data-testid="validation">
        {outcome.conflicts.length === 0
          ? 'Plan validator: no conflicts.'
          : `Plan validator: ${outcome.conflicts.length} conflict${outcome.conflicts.length > 1 ? 's' : ''} (units collide: this solver does not cooperate). First: ${outcome.conflicts[0]}`}
      </p>
    </section>
  );
}
