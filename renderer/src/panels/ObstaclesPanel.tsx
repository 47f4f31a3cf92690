/**
 * Moving obstacles: placed and given waypoints on the map with the Obstacle tool (O);
 * here each one's size, speed, mode and start turn are edited, what units know of them is chosen, and
 * obstacles are removed. Every change is one command (one undo step).
 */
import { obstaclesNote } from './obstaclesNote.ts';
import { OBSTACLE_MODES } from '../../../core/mapf/obstacles.ts';
import { OBSTACLE_KNOWLEDGE, type ScenarioObstacle } from '../../../core/scenario/schema.ts';
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';
import { dispatch } from '../state/editActions.ts';
import { editorStore } from '../state/editorState.ts';
import { NumberField } from './NumberField.tsx';

/** Obstacles shown; a scenario with more lists the first ones (the JSON editor shows all). */
const MAX_ROWS = 50;

const MODE_LABELS: Record<(typeof OBSTACLE_MODES)[number], string> = { 'ping-pong': 'back and forth', loop: 'loop', once: 'once' };

export function ObstaclesPanel() {
  const obstacles = useSlice(modelStore, (s) => s.obstacles);
  const knowledge = useSlice(modelStore, (s) => s.knowledge);
  const tool = useSlice(editorStore, (s) => s.tool === 'obstacle');
  const replace = (index: number, obstacle: ScenarioObstacle | null) => {
    const next = obstacles.slice();
    if (obstacle) next[index] = obstacle;
    else next.splice(index, 1);
    dispatch({ type: 'setObstacles', obstacles: next });
  };
  return (
    <section className="panel" aria-label="Moving obstacles" data-testid="obstacles-panel">
      <h2>Moving obstacles ({obstacles.length})</h2>
      {obstacles.length === 0 ? (
        <p className="muted">
          None. {tool ? 'Click a free cell to place one, then Shift-click its next waypoints.' : 'Choose the Obstacle tool (O) and click a cell to place one.'}
        </p>
      ) : (
        <>
          <table className="results events obstacles-table" data-testid="obstacles-table">
            <thead>
              <tr>
                <th>Id</th>
                <th title="Side of its square footprint in cells">Size</th>
                <th>Speed</th>
                <th>Mode</th>
                <th>From turn</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {obstacles.slice(0, MAX_ROWS).map((o, i) => (
                <tr key={o.id} data-testid="obstacle-row" title={`${o.route.length} waypoint${o.route.length === 1 ? '' : 's'}: ${o.route.map(([x, y]) => `(${x}, ${y})`).join(' ')}`}>
                  <td>{o.id}</td>
                  <td className="event-turn">
                    <NumberField label="" value={o.size} min={1} onCommit={(size) => size !== undefined && Number.isInteger(size) && size >= 1 && replace(i, { ...o, size })} testId={`obstacle-size-${i}`} />
                  </td>
                  <td className="event-turn">
                    <NumberField label="" value={o.speed} min={1} onCommit={(speed) => speed !== undefined && Number.isInteger(speed) && speed >= 1 && replace(i, { ...o, speed })} testId={`obstacle-speed-${i}`} />
                  </td>
                  <td>
                    <select value={o.mode} onChange={(e) => replace(i, { ...o, mode: e.target.value as ScenarioObstacle['mode'] })} data-testid={`obstacle-mode-${i}`}>
                      {OBSTACLE_MODES.map((mode) => (
                        <option key={mode} value={mode}>
                          {MODE_LABELS[mode]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="event-turn">
                    <NumberField label="" value={o.startTurn} min={0} onCommit={(t) => t !== undefined && Number.isInteger(t) && t >= 0 && replace(i, { ...o, startTurn: t })} testId={`obstacle-start-${i}`} />
                  </td>
                  <td>
                    <button type="button" onClick={() => replace(i, null)} title="Remove this obstacle" data-testid={`obstacle-remove-${i}`}>
                      ×
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {obstacles.length > MAX_ROWS && <p className="muted">First {MAX_ROWS} of {obstacles.length} obstacles (all are in the JSON).</p>}
          <label className="field" title="What units know when they plan: where obstacles stand now (like walls), or their timetable (their future positions)">
            <span>Units know</span>
            <select value={knowledge} onChange={(e) => dispatch({ type: 'setKnowledge', knowledge: e.target.value as (typeof OBSTACLE_KNOWLEDGE)[number] })} data-testid="obstacles-knowledge">
              {OBSTACLE_KNOWLEDGE.map((k) => (
                <option key={k} value={k}>
                  {k === 'now' ? 'where they stand now' : 'their timetable'}
                </option>
              ))}
            </select>
          </label>
          <p className="muted" data-testid="obstacles-note">{obstaclesNote()}</p>
        </>
      )}
    </section>
  );
}
