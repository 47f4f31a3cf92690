/**
 * The units as a searchable list (finding one of 500 units on a big map): type
 * a number, a name or an id; a click selects the unit (Shift: adds it) and, with a plan on
 * screen, follows it.
 */
import { useMemo, useState } from 'react';
import { editorStore } from '../state/editorState.ts';
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';
import { currentOutcome } from '../solve/plan.ts';
import { setFollow } from '../replay/follow.ts';
import { matchUnits, unitOnEnter } from './unitSearch.ts';

const MAX_ROWS = 100;

export function selectUnit(id: string, add: boolean): void {
  const selection = editorStore.get().selection;
  editorStore.set({ selection: add ? (selection.includes(id) ? selection.filter((s) => s !== id) : [...selection, id]) : [id] });
  if (!add && currentOutcome()) setFollow(true);
}

export function UnitList() {
  const agents = useSlice(modelStore, (s) => s.agents);
  const selection = useSlice(editorStore, (s) => s.selection);
  const [query, setQuery] = useState('');
  const matches = useMemo(() => matchUnits(agents, query), [agents, query]);
  if (agents.length === 0) return null;
  return (
    <div className="unit-list">
      <input type="search" placeholder={`Find a unit: number, name or id (${agents.length})`} value={query} onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          // Enter picks the first match, as a click on it does (Shift: adds it to the selection).
          if (e.key !== 'Enter') return;
          const id = unitOnEnter(agents, query);
          if (id !== null) selectUnit(id, e.shiftKey);
        }}
        aria-label="Find a unit" data-testid="unit-search" />
      {query.trim() !== '' && (
        <ul data-testid="unit-matches">
          {matches.slice(0, MAX_ROWS).map((i) => (
            <li key={agents[i].id}>
              <button type="button" className={`link${selection.includes(agents[i].id) ? ' selected' : ''}`} onClick={(e) => selectUnit(agents[i].id, e.shiftKey)} data-testid={`unit-match-${i}`}>
                <span className="swatch" style={{ background: agents[i].colour }} /> {i + 1} · {agents[i].name}
                {agents[i].name !== agents[i].id ? <span className="muted"> ({agents[i].id})</span> : null}
              </button>
            </li>
          ))}
          {matches.length === 0 && <li className="muted">No unit matches '{query}'.</li>}
          {matches.length > MAX_ROWS && <li className="muted">First {MAX_ROWS} of {matches.length}.</li>}
        </ul>
      )}
    </div>
  );
}
