/**
 * Units: place N random units, and edit the selected ones (name, colour, priority: one
 * setAgentProps command for all of them), with each selected unit's replay metrics.
 */
import { useState } from 'react';
import { editorStore } from '../state/editorState.ts';
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';
import { deleteSelection, dispatch, placeRandomUnits } from '../state/editActions.ts';
import { useCurrentOutcome } from '../state/plan.ts';
import { pathCost } from '../../../core/mapf/plan.ts';
import type { AgentProps } from '../model/commandTypes.ts';

export function UnitsPanel() {
  const agents = useSlice(modelStore, (s) => s.agents);
  const selection = useSlice(editorStore, (s) => s.selection);
  const outcome = useCurrentOutcome();
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
                      <td>{pathCost(outcome.paths[i], outcome.goals[i])}</td>
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
