/**
 * The map canvas: a static layer (walls) redrawn only when the map or size changes, and a
 * dynamic layer (paths, goals, units) redrawn when the solution changes.
 */
import { useEffect, useRef, useState } from 'react';
import { labStore } from '../state/labState.ts';
import { useSlice } from '../state/store.ts';
import { drawStatic } from './drawStatic.ts';
import { drawDynamic } from './drawDynamic.ts';
import { fitViewport, prepareCanvas } from './viewport.ts';

export function MapView() {
  const instance = useSlice(labStore, (s) => s.instance);
  const outcome = useSlice(labStore, (s) => s.outcome);
  const containerRef = useRef<HTMLDivElement>(null);
  const staticRef = useRef<HTMLCanvasElement>(null);
  const dynamicRef = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });

  useEffect(() => {
    const container = containerRef.current!;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
    });
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  const grid = instance.grid;
  const view = fitViewport(size.width, size.height, grid.width, grid.height);

  useEffect(() => {
    if (size.width === 0) return;
    drawStatic(prepareCanvas(staticRef.current!, size.width, size.height), grid, view, size.width, size.height);
    // The view is derived from size and grid, so those are the dependencies.
  }, [grid, grid.version, size]);

  useEffect(() => {
    if (size.width === 0) return;
    drawDynamic(prepareCanvas(dynamicRef.current!, size.width, size.height), instance, outcome?.paths ?? [], view, size.width, size.height);
  }, [instance, outcome, size]);

  return (
    <div className="map-view" ref={containerRef} data-testid="map-view" data-cell-size={view.cellSize} data-offset-x={view.offsetX} data-offset-y={view.offsetY}>
      <canvas ref={staticRef} className="layer" aria-hidden="true" />
      <canvas ref={dynamicRef} className="layer" data-testid="dynamic-layer" aria-label={`Map ${grid.width} by ${grid.height}`} />
    </div>
  );
}
