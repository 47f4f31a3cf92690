/**
 * Measured regions: the rectangles marked with the Measure tool
 * (M), each renamed or removed here (one undo step each), and for the plan on screen what each
 * one saw: the units that passed through it, from which turn to which, its crossings (units that got across) beside its entries and turn-backs, the waits
 * in it and next to it, and the queue next to it over time as a small chart.
 */
import { useMemo, useState, useEffect } from 'react';
import { THROUGHPUT_TURNS, measureRegions } from '../../../core/mapf/regionMeasures.ts';
import type { ScenarioRegion } from '../../../core/scenario/schema.ts';
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';
import { dispatch } from '../state/editActions.ts';
import { editorStore } from '../state/editorState.ts';
import { useCurrentOutcome } from '../solve/plan.ts';
import { QueueChart } from './QueueChart.tsx';
import { capacityStore, useCapacitySentence } from '../capacity/capacityState.ts';
import { realRate } from '../../../core/experiments/rateUnits.ts';

const MAX_ROWS = 50;

function NameField({ value, testId, onCommit }: { value: string; testId: string; onCommit(name: string): void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => (text.trim() && text.trim() !== value ? onCommit(text.trim()) : setText(value));
  return (
    <input
      type="text"
      className="region-name"
      aria-label="Region name"
      value={text}
      data-testid={testId}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

export function RegionsPanel() {
  const regions = useSlice(modelStore, (s) => s.regions);
  const agents = useSlice(modelStore, (s) => s.agents);
  const width = useSlice(modelStore, (s) => s.width);
  const measuring = useSlice(editorStore, (s) => s.tool === 'measure');
  const outcome = useCurrentOutcome();
  // The last capacity sweep (Capacity panel) in words, under the regions it measured.
  const capacity = useCapacitySentence();
  const scale = useSlice(modelStore, (s) => s.scale);
  const capacityStale = useSlice(capacityStore, (s) => s.revision) !== useSlice(modelStore, (s) => s.compareRevision);
  const measures = useMemo(
    () => (outcome && outcome.paths.length > 0 && regions.length > 0 ? measureRegions({ width, paths: outcome.paths, goals: outcome.goals, sizes: outcome.streams?.unitSizes ?? agents.map((a) => a.size) }, regions) : null),
    [outcome, regions, agents, width],
  );
  const replace = (index: number, region: ScenarioRegion | null) => {
    const next = regions.slice();
    if (region) next[index] = region;
    else next.splice(index, 1);
    dispatch({ type: 'setRegions', regions: next });
  };
  return (
    <section className="panel" aria-label="Measured regions" data-testid="regions-panel">
      <h2>Measured regions ({regions.length})</h2>
      {regions.length === 0 ? (
        <p className="muted">None. {measuring ? 'Drag a rectangle over a bridge, a door or a corridor.' : 'Choose Measure (M) and drag over a bridge, a door or a corridor to measure its traffic.'}</p>
      ) : (
        <table className="results events" data-testid="regions-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Cells</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {regions.slice(0, MAX_ROWS).map((r, i) => (
              <tr key={`${i}:${r.name}`} data-testid="region-row">
                <td>
                  <NameField value={r.name} testId={`region-name-${i}`} onCommit={(name) => replace(i, { ...r, name })} />
                </td>
                <td>
                  ({r.from[0]}, {r.from[1]})–({r.to[0]}, {r.to[1]})
                </td>
                <td>
                  <button type="button" onClick={() => replace(i, null)} title="Remove this region" data-testid={`region-remove-${i}`}>
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {capacity && (
        <p className="capacity-sentence" data-testid="region-capacity" title="From the last capacity sweep (Capacity panel): the best delivered throughput per solver, and the mean time in system at the best one's saturation point">
          {capacity.charAt(0).toUpperCase() + capacity.slice(1)}.{capacityStale && <span className="muted"> (Measured before the scenario's last change.)</span>}
        </p>
      )}
      {measures && (
        <div className="region-measures" data-testid="region-measures">
          <div className="region-figures region-head">
            <span title="Units that stood in the region at some turn">Units</span>
            <span title="First turn a unit stood in it, last turn a unit stood in it">Turns</span>
            <span title={`Crossings per ${THROUGHPUT_TURNS} turns over those turns: units that left by another side than they came in (peak: most crossings in any ${THROUGHPUT_TURNS} turns)`}>Crossed /{THROUGHPUT_TURNS} turns</span>
            <span title="Turns units waited in the region or next to it: mean over the units that passed or queued, and the most one unit waited">Wait mean / max</span>
          </div>
          {measures.slice(0, MAX_ROWS).map((m, i) => (
            <div key={i} className="region-measure" data-testid={`region-measure-${i}`}>
              <strong>{m.name}</strong>
              <div className="region-figures">
                <span data-testid={`region-units-${i}`}>{m.units}</span>
                <span data-testid={`region-turns-${i}`}>{m.firstEntry === null ? 'none passed' : `${m.firstEntry}–${m.lastExit}`}</span>
                <span data-testid={`region-crossings-${i}`} title={scale?.turnSeconds === undefined ? undefined : `${m.crossingRate.toFixed(2)} per ${THROUGHPUT_TURNS} turns is${realRate(m.crossingRate, scale)}`}>
                  {m.crossingRate.toFixed(2)} (peak {m.peakCrossings})
                </span>
                <span data-testid={`region-wait-${i}`}>
                  {m.meanWait.toFixed(2)} / {m.maxWait}
                </span>
              </div>
              <div className="region-traffic muted" data-testid={`region-traffic-${i}`} title={`An entry is a turn a unit steps into the region; a crossing leaves it by another side than it came in, a turn-back by the same side. Entries per ${THROUGHPUT_TURNS} turns peak at ${m.peakThroughput}.`}>
                {m.crossings} crossed, {m.entries} entries (peak {m.peakThroughput} per {THROUGHPUT_TURNS} turns), {m.turnBacks} turned back
              </div>
              <QueueChart measures={m} testId={`region-queue-${i}`} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
