/**
 * A stream's spawners and exits (drawn with the Spawner (G) and Exit (X) tools): each spawner's
 * schedule (one unit every N turns, or a rate per 10 turns), start turn, count and exit; remove
 * buttons. Every edit is one undo step (setStreams); the rest (waves, random arrivals, errands)
 * is in the JSON.
 */
import type { ScenarioSpawner } from '../../../core/scenario/streamSchema.ts';
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';
import { dispatch } from '../state/editActions.ts';
import { NumberField } from './NumberField.tsx';

/** The spawner with this admission share (undefined: the default, left out of the file). */
function withShare(s: ScenarioSpawner, admitShare: number | undefined): ScenarioSpawner {
  const { admitShare: _old, ...rest } = s;
  void _old;
  return admitShare === undefined ? rest : { ...rest, admitShare };
}

export function StreamsPanel() {
  const spawners = useSlice(modelStore, (s) => s.spawners);
  const exits = useSlice(modelStore, (s) => s.exits);
  if (spawners.length === 0 && exits.length === 0) return null;
  const replace = (index: number, spawner: ScenarioSpawner | null) => {
    const next = spawners.slice();
    if (spawner) next[index] = spawner;
    else next.splice(index, 1);
    dispatch({ type: 'setStreams', spawners: next });
  };
  /** A schedule of one kind only: `every` or `rate` (waves stay as the JSON has them until one is set here). */
  const schedule = (s: ScenarioSpawner, change: { every?: number; rate?: number }): ScenarioSpawner => {
    const { every: _e, rate: _r, waves: _w, ...rest } = s;
    void _e; void _r; void _w;
    return { ...rest, ...change, random: change.rate !== undefined ? s.random : false };
  };
  return (
    <section className="panel" aria-label="Streams" data-testid="streams-panel">
      <h2>Streams</h2>
      {spawners.map((s, i) => (
        <div key={i} className="stream-spawner" data-testid={`spawner-${i}`}>
          <p>
            <strong>{s.name}</strong>{' '}
            <button type="button" className="link" onClick={() => replace(i, null)} data-testid={`spawner-remove-${i}`} title="Remove this spawner">
              Remove
            </button>
          </p>
          <div className="row">
            <NumberField label="Every (turns)" title="One unit every this many turns" value={s.every} placeholder={s.rate !== undefined ? 'by rate' : s.waves ? 'waves' : ''} min={1} onCommit={(every) => every !== undefined && replace(i, schedule(s, { every }))} testId={`spawner-every-${i}`} />
            <NumberField label="Rate / 10 turns" title="Units per 10 turns, instead of every N turns (may be fractional)" value={s.rate} placeholder="by Every" min={0} step="0.5" onCommit={(rate) => rate !== undefined && rate > 0 && replace(i, schedule(s, { rate }))} testId={`spawner-rate-${i}`} />
          </div>
          <div className="row">
            <NumberField label="From turn" title="Turn the first unit is due" value={s.startTurn} min={0} onCommit={(startTurn) => replace(i, { ...s, startTurn: startTurn ?? 0 })} testId={`spawner-start-${i}`} />
            <NumberField label="Count" title="Most units it sends (empty: no limit)" value={s.count} placeholder="no limit" min={1} onCommit={(count) => replace(i, { ...s, count })} testId={`spawner-count-${i}`} />
            <NumberField label="Admit share" title="A unit appears only while units hold at most this share of its area's free cells, and of its bank beside a one-lane bridge (default 0.5, which keeps two banks joined by a chokepoint from gridlocking; 1: no cap, a one-way corridor's true capacity)" value={s.admitShare} placeholder="0.5" min={0} step="0.05" onCommit={(admitShare) => (admitShare === undefined || (admitShare > 0 && admitShare <= 1)) && replace(i, withShare(s, admitShare))} testId={`spawner-admit-${i}`} />
          </div>
          <label className="field" title="Where its units go and leave the map">
            <span>Goes to exit</span>
            <select value={s.goal.exit ?? ''} onChange={(e) => replace(i, { ...s, goal: { exit: e.target.value } })} data-testid={`spawner-exit-${i}`}>
              {s.goal.exit === undefined && <option value="">(a cell or region: see JSON)</option>}
              {exits.map((x) => <option key={x.name} value={x.name}>{x.name}</option>)}
            </select>
          </label>
        </div>
      ))}
      {exits.length > 0 && (
        <ul className="stream-exits">
          {exits.map((x, i) => (
            <li key={i} data-testid={`exit-${i}`}>
              exit <strong>{x.name}</strong>{' '}
              <button type="button" className="link" onClick={() => dispatch({ type: 'setStreams', exits: exits.filter((_, k) => k !== i) })} title="Remove this exit (refused while a spawner sends units to it)" data-testid={`exit-remove-${i}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
