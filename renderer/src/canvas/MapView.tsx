/**
 * The map canvas: two layers (mapRedraws.ts keeps them drawn) and the pointer's gestures
 * (mapPointer.ts); the view fits the map when the window or the map's size changes.
 */
import { HeatLegend } from './HeatLegend.tsx';
import { useEffect, useRef } from 'react';
import { model } from '../state/session.ts';
import { modelStore } from '../state/modelStore.ts';
import { editorStore } from '../state/editorState.ts';
import { useSlice } from '../state/store.ts';
import { fitView, viewStore } from './viewState.ts';
import { useMapRedraws } from './mapRedraws.ts';
import { useMapPointer } from './mapPointer.ts';

export function MapView() {
  const containerRef = useRef<HTMLDivElement>(null);
  const staticRef = useRef<HTMLCanvasElement>(null);
  const dynamicRef = useRef<HTMLCanvasElement>(null);
  const view = useSlice(viewStore, (s) => s.view);
  const width = useSlice(modelStore, (s) => s.width);
  const height = useSlice(modelStore, (s) => s.height);
  const tool = useSlice(editorStore, (s) => s.tool);

  useEffect(() => {
    const container = containerRef.current!;
    const observer = new ResizeObserver(([entry]) => {
      const { width: w, height: h } = entry.contentRect;
      const state = viewStore.get();
      if (state.width === w && state.height === h) return;
      viewStore.set({ width: w, height: h });
      const doc = model.document;
      if (state.fitted || !state.view) fitView(doc.grid.width, doc.grid.height);
    });
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  // A new map size (open, new, resize) fits the view again.
  useEffect(() => fitView(width, height), [width, height]);

  useMapRedraws(staticRef, dynamicRef);
  useMapPointer(dynamicRef);

  return (
    <div
      className={`map-view tool-${tool}`}
      ref={containerRef}
      data-testid="map-view"
      data-cell-size={view?.cellSize ?? 0}
      data-offset-x={view?.offsetX ?? 0}
      data-offset-y={view?.offsetY ?? 0}
    >
      <canvas ref={staticRef} className="layer" aria-hidden="true" data-testid="static-layer" />
      <canvas ref={dynamicRef} className="layer" data-testid="dynamic-layer" aria-label={`Map ${width} by ${height}`} />
      <HeatLegend />
    </div>
  );
}
