/**
 * Units: place N random units, and edit the selected ones (name, colour, priority, size, speed:
 * one setAgentProps command for all of them), with each selected unit's replay metrics.
 */
import { useState } from 'react';
import { editorStore } from '../state/editorState.ts';
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';
import { deleteSelection, dispatch, placeRandomUnits } from '../state/editActions.ts';
import { useCurrentOutcome } from '../solve/plan.ts';
import { costModelOf, pathCost } from '../../../core/mapf/plan.ts';
import type { AgentProps } from '../model/commandTypes.ts';
import { UnitList } from './UnitList.tsx';

/** A whole-number unit property, committed on Enter or blur (one setAgentProps, one undo step). */
function WholeField({ label, title, value, min, onCommit, testId }: { label: string; title: string; value: number; min: number; onCommit(value: number): void; testId: string }) {
  return (
    <label className="field" title={title}>
      <span>{label}</span>
      <input
        type="number"
        step={1}
        min={min}
        defaultValue={value}
        onBlur={(e) => {
          const next = Number(e.target.value);
          if (!Number.isInteger(next) || next < min) e.target.value = String(value);
          else if (next !== value) onCommit(next);
        }}
        onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
        data-testid={testId}
      />
    </label>
  );
}

export function UnitsPanel() {
  const agents = useSlice(modelStore, (s) => s.agents);
  const selection = useSlice(editorStore, (s) => s.selection);
  const outcome = useCurrentOutcome();
  const costModel = costModelOf(useSlice(modelStore, (s) => s.solver.params));
  const [count, setCount] = useState('20');
  const [seed, setSeed] = useState('1');
  const selected = agents.filter((a) => selection.includes(a.id));
  const first = selected[0];
  const setProps = (props: AgentProps) => dispatch({ type: 'setAgentProps', ids: selected.map((a) => a.id), props });

  return (
    <section className="panel" aria-label="Units">
      <h2>Units ({agents.length})</h2>
      <div className="field-row">
        <label className="field">
          <span>Count</span>
          <input type="number" min={1} value={count} onChange={(e) => setCount(e.target.value)} data-testid="random-count" />
        </label>
        <label className="field">
          <span>Seed</span>
          <input type="number" value={seed} onChange={(e) => setSeed(e.target.value)} data-testid="random-seed" />
        </label>
        <button type="button" className="align-end" onClick={() => placeRandomUnits(Number(count), Number(seed))} title="Replace the units with random ones in the largest open region" data-testid="place-random">
          Place random
        </button>
      </div>
      <UnitList />
      {selected.length === 0 ? (
        <p className="muted">Select units with the Select tool (V); Shift-click for several.</p>
      ) : (
        <div data-testid="unit-editor" key={selection.join(',')}>
          <p>
            {selected.length === 1 ? `Unit ${agents.indexOf(first) + 1} (${first.id})` : `${selected.length} units selected`}
          </p>
          {selected.length === 1 && (
            <label className="field">
              <span>Name</span>
              <input defaultValue={first.name} onBlur={(e) => e.target.value !== first.name && setProps({ name: e.target.value })} onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()} data-testid="unit-name" />
            </label>
          )}
          <div className="field-row">
            <label className="field">
              <span>Colour</span>
              <input type="color" defaultValue={first.colour} onChange={(e) => setProps({ colour: e.target.value })} data-testid="unit-colour" />
            </label>
            <label className="field">
              <span>Priority</span>
              <input
                type="number"
                step={1}
                defaultValue={first.priority}
                onBlur={(e) => Number(e.target.value) !== first.priority && setProps({ priority: Math.round(Number(e.target.value)) })}
                onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
                data-testid="unit-priority"
              />
            </label>
            <button type="button" className="align-end" onClick={deleteSelection} title="Delete the selected units (Delete)" data-testid="delete-units">
              Delete
            </button>
          </div>
          <div className="field-row">
            <WholeField label="Size (cells)" title="Side of the square footprint, anchored at the top-left cell" value={first.size} min={1} onCommit={(size) => setProps({ size })} testId="unit-size" />
            <WholeField label="Speed (turns/move)" title="Turns one move takes: 1 moves every turn, 2 every other turn" value={first.speed} min={1} onCommit={(speed) => setProps({ speed })} testId="unit-speed" />
          </div>
          {(selected.some((a) => a.size > 1) || selected.some((a) => a.speed > 1)) && (
            <p className="muted" data-testid="unit-props-note">The cooperative solvers (LRA*, CA*, HCA*, WHCA*) plan with size and speed; the optimal solvers refuse units that are not one cell moving every turn, and independent paths ignore them.</p>
          )}
          {outcome && selected.length <= 5 && (
            <table className="results" data-testid="unit-metrics">
              <thead>
                <tr>
                  <th>Unit</th>
                  <th>Path</th>
                  <th>Moves</th>
                  <th>Waits</th>
                  <th>Arrives</th>
                </tr>
              </thead>
              <tbody>
                {selected.map((a) => {
                  const i = agents.indexOf(a);
                  const stats = outcome.analysis.units[i];
                  if (!stats) return null;
                  return (
                    <tr key={a.id}>
                      <td>{a.name}</td>
                      <td>{pathCost(outcome.paths[i], outcome.goals[i], costModel)}</td>
                      <td>{stats.moves}</td>
                      <td data-testid="unit-waits">{stats.waits}</td>
                      <td>{stats.arrival >= 0 ? `t=${stats.arrival}` : 'never'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </div>
      )}
    </section>
  );
}
