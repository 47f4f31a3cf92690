/**
 * The scenario's name, map size (resizeMap keeps the top-left part; undo restores the rest) and
 * the game's time and size: seconds a turn and metres a cell, so rates are given a minute and
 * lanes in metres (empty: not said; the suggested values are one click away).
 */
import { useEffect, useState } from 'react';
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';
import { dispatch, pruneSelection } from '../state/editActions.ts';
import { NumberField } from './NumberField.tsx';
import { DEFAULT_CELL_METRES, DEFAULT_TURN_SECONDS, MAX_CELL_METRES, MAX_TURN_SECONDS } from '../../../core/scenario/timeScaleSchema.ts';

export function ScenarioPanel() {
  const name = useSlice(modelStore, (s) => s.name);
  const width = useSlice(modelStore, (s) => s.width);
  const height = useSlice(modelStore, (s) => s.height);
  const scale = useSlice(modelStore, (s) => s.scale);
  const setScale = (change: { turnSeconds?: number; cellMetres?: number }) => dispatch({ type: 'setScale', scale: { ...scale, ...change } });
  const [size, setSize] = useState({ w: String(width), h: String(height) });
  useEffect(() => setSize({ w: String(width), h: String(height) }), [width, height]);
  const resize = () => {
    if (dispatch({ type: 'resizeMap', width: Number(size.w), height: Number(size.h) })) pruneSelection();
  };
  return (
    <section className="panel" aria-label="Scenario">
      <h2>Scenario</h2>
      <label className="field">
        <span>Name</span>
        <input
          key={name}
          defaultValue={name}
          onBlur={(e) => e.target.value !== name && dispatch({ type: 'setName', name: e.target.value })}
          onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
          data-testid="scenario-name-input"
        />
      </label>
      <div className="field-row">
        <label className="field">
          <span>Width</span>
          <input type="number" min={1} value={size.w} onChange={(e) => setSize({ ...size, w: e.target.value })} onKeyDown={(e) => e.key === 'Enter' && resize()} data-testid="map-width" />
        </label>
        <label className="field">
          <span>Height</span>
          <input type="number" min={1} value={size.h} onChange={(e) => setSize({ ...size, h: e.target.value })} onKeyDown={(e) => e.key === 'Enter' && resize()} data-testid="map-height" />
        </label>
        <button type="button" className="align-end" onClick={resize} disabled={size.w === String(width) && size.h === String(height)} data-testid="resize-map">
          Resize
        </button>
      </div>
      <div className="field-row" role="group" aria-label="Game time and size">
        <NumberField
          label="Seconds a turn"
          title={`How long a turn lasts in the game: rates are then also given a minute and a second (suggested ${DEFAULT_TURN_SECONDS} s: a unit walking about 2 m/s over 1 m cells). Empty: rates per 10 turns only.`}
          value={scale?.turnSeconds}
          placeholder="not said"
          min={0}
          step="0.05"
          onCommit={(turnSeconds) => (turnSeconds === undefined || (turnSeconds > 0 && turnSeconds <= MAX_TURN_SECONDS)) && setScale({ turnSeconds })}
          testId="scale-turn-seconds"
        />
        <NumberField
          label="Metres a cell"
          title={`How wide a cell is in the game: lanes are then also given in metres (suggested ${DEFAULT_CELL_METRES} m). Empty: cells only.`}
          value={scale?.cellMetres}
          placeholder="not said"
          min={0}
          step="0.1"
          onCommit={(cellMetres) => (cellMetres === undefined || (cellMetres > 0 && cellMetres <= MAX_CELL_METRES)) && setScale({ cellMetres })}
          testId="scale-cell-metres"
        />
        {scale?.turnSeconds === undefined && scale?.cellMetres === undefined && (
          <button
            type="button"
            className="align-end"
            title={`Say a turn lasts ${DEFAULT_TURN_SECONDS} s and a cell is ${DEFAULT_CELL_METRES} m wide, to read rates a minute (edit them to your game's)`}
            onClick={() => setScale({ turnSeconds: DEFAULT_TURN_SECONDS, cellMetres: DEFAULT_CELL_METRES })}
            data-testid="scale-suggested"
          >
            Use {DEFAULT_TURN_SECONDS} s, {DEFAULT_CELL_METRES} m
          </button>
        )}
      </div>
    </section>
  );
}
