/** The scenario's name and map size (resizeMap keeps the top-left part; undo restores the rest). */
import { useEffect, useState } from 'react';
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';
import { dispatch, pruneSelection } from '../state/editActions.ts';

export function ScenarioPanel() {
  const name = useSlice(modelStore, (s) => s.name);
  const width = useSlice(modelStore, (s) => s.width);
  const height = useSlice(modelStore, (s) => s.height);
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
    </section>
  );
}
