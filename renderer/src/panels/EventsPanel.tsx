/**
 * Timed map events: cells that close or open at turn t. Cells are added and removed on the map
 * with the Door tool (D); here each event's turn and action are edited and events removed. Every
 * change is one setEvents command (one undo step).
 */
import type { MapEvent } from '../../../core/scenario/schema.ts';
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';
import { dispatch } from '../state/editActions.ts';
import { editorStore } from '../state/editorState.ts';
import { NumberField } from './NumberField.tsx';

/** Events shown; a scenario with more lists the first ones (the JSON editor shows all). */
const MAX_ROWS = 50;

function cellsText(event: MapEvent): string {
  const shown = event.cells.slice(0, 3).map(([x, y]) => `(${x}, ${y})`).join(' ');
  return event.cells.length > 3 ? `${shown} +${event.cells.length - 3}` : shown;
}

export function EventsPanel() {
  const events = useSlice(modelStore, (s) => s.events);
  const doorTool = useSlice(editorStore, (s) => s.tool === 'door');
  const replace = (index: number, event: MapEvent | null) => {
    const next = events.slice();
    if (event) next[index] = event;
    else next.splice(index, 1);
    dispatch({ type: 'setEvents', events: next });
  };
  return (
    <section className="panel" aria-label="Map events" data-testid="events-panel">
      <h2>Map events ({events.length})</h2>
      {events.length === 0 ? (
        <p className="muted">
          No timed events. {doorTool ? 'Click a free cell to add a door that closes, or a wall to open it.' : 'Choose the Door tool (D) and click a cell to add one.'}
        </p>
      ) : (
        <table className="results events" data-testid="events-table">
          <thead>
            <tr>
              <th>Turn</th>
              <th>Action</th>
              <th>Cells</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {events.slice(0, MAX_ROWS).map((event, i) => (
              <tr key={i} data-testid="event-row">
                <td className="event-turn">
                  <NumberField label="" value={event.t} min={0} onCommit={(t) => t !== undefined && Number.isInteger(t) && t >= 0 && replace(i, { ...event, t })} testId={`event-turn-${i}`} />
                </td>
                <td>
                  <select value={event.action} onChange={(e) => replace(i, { ...event, action: e.target.value as MapEvent['action'] })} data-testid={`event-action-${i}`}>
                    <option value="close">closes</option>
                    <option value="open">opens</option>
                  </select>
                </td>
                <td className="event-cells">{cellsText(event)}</td>
                <td>
                  <button type="button" onClick={() => replace(i, null)} title="Remove this event" data-testid={`event-remove-${i}`}>
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {events.length > MAX_ROWS && <p className="muted">First {MAX_ROWS} of {events.length} events (all are in the JSON).</p>}
      {events.length > 0 && <p className="muted" data-testid="events-note">The cooperative solvers (LRA*, CA*, HCA*, WHCA*) replan when a door changes; the other solvers plan on a fixed map and refuse a scenario with events.</p>}
    </section>
  );
}
