/**
 * The heat map's legend: what it shows, its colour scale from 0 to the busiest cell's
 * value, and the value of the cell under the pointer; the flow arrows' meaning when they are on.
 * It floats in the map's bottom-right corner, and a fitted view leaves that corner free (it
 * covered the map's corner cells, where a spawner or a goal often is).
 */

/** The legend's distance from the canvas's edges (styles.css .heat-legend). */
const LEGEND_INSET = 10;

/** Tells the view the legend's box while it is shown, so fitting keeps the map out from under it. */
function useCornerBox(): (element: HTMLDivElement | null) => void {
  const observer = useRef<ResizeObserver | null>(null);
  return useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    const { width, height } = model.document.grid;
    if (!element) {
      setViewCorner(null, width, height);
      return;
    }
    const report = () => {
      const grid = model.document.grid;
      setViewCorner({ width: Math.ceil(element.offsetWidth) + LEGEND_INSET, height: Math.ceil(element.offsetHeight) + LEGEND_INSET }, grid.width, grid.height);
    };
    report();
    observer.current = new ResizeObserver(report);
    observer.current.observe(element);
  }, []);
}
import { useCallback, useMemo, useRef } from 'react';
import { setViewCorner } from './viewState.ts';
import { useSlice } from '../state/store.ts';
import { replayStore } from '../state/replayState.ts';
import { editorStore } from '../state/editorState.ts';
import { useCurrentOutcome } from '../solve/plan.ts';
import { model } from '../state/session.ts';
import { HEAT_LABELS, HEAT_MEASURES, HEAT_OPTIONS, type HeatMeasure, heatColour, heatLayers } from '../replay/heatLayers.ts';

export function HeatLegend() {
  const heat = useSlice(replayStore, (s) => s.heat);
  const flow = useSlice(replayStore, (s) => s.flow);
  const measure = useSlice(replayStore, (s) => s.heatMeasure);
  const cursor = useSlice(editorStore, (s) => s.cursor);
  const outcome = useCurrentOutcome();
  const cornerRef = useCornerBox();
  const layers = useMemo(() => {
    if (!outcome || outcome.paths.length === 0 || !(heat || flow)) return null;
    const { grid } = model.document;
    return heatLayers(grid.width, grid.cells, outcome.paths, outcome.analysis);
  }, [outcome, heat, flow]);
  if (!layers) return null;
  const max = layers.max[measure];
  const width = model.document.grid.width;
  const cell = cursor && cursor.x < width ? cursor.y * width + cursor.x : -1;
  const under = cell >= 0 && cell < layers.values[measure].length ? layers.values[measure][cell] : null;
  const stops = [0, 0.25, 0.5, 0.75, 1].map((v) => `${heatColour(Math.max(v * max, 0.0001), max)} ${v * 100}%`).join(', ');
  return (
    <div className="heat-legend" data-testid="heat-legend" ref={cornerRef}>
      {heat && (
        <>
          {/* The measure is picked here, on the map: in the replay bar its select took 120 px from the timeline whenever the heat map was on. */}
          <div className="heat-title">
            <select value={measure} onChange={(e) => replayStore.set({ heatMeasure: e.target.value as HeatMeasure })} title={`What the heat map shows per cell: ${HEAT_LABELS[measure]}`} aria-label="Heat map measure" data-testid="heat-measure">
              {HEAT_MEASURES.map((m) => (
                <option key={m} value={m} title={HEAT_LABELS[m]}>
                  {HEAT_OPTIONS[m]}
                </option>
              ))}
            </select>{' '}
            per cell
          </div>
          <div className="heat-scale" style={{ background: `linear-gradient(to right, ${stops})` }} />
          <div className="heat-ends">
            <span>0</span>
            <span data-testid="heat-max">{max}</span>
          </div>
          <div className="heat-under" data-testid="heat-under">
            {cursor && under !== null ? `(${cursor.x}, ${cursor.y}): ${under}` : 'point at a cell for its value'}
          </div>
        </>
      )}
      {flow && (
        <div className="heat-flow" data-testid="flow-legend">
          → net direction units moved through a cell{cursor && cell >= 0 && cell < layers.flowX.length ? ` · here (${layers.flowX[cell]}, ${layers.flowY[cell]})` : ''}
        </div>
      )}
    </div>
  );
}
