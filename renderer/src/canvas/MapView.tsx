/**
 * The map canvas. Two layers (after excalidraw's static and interactive canvases): the static
 * layer (floor, walls, grid lines) is redrawn only when the map or the view changes, and for a
 * brush stroke segment only in the cells it touched; the dynamic layer (units, paths, overlays,
 * previews) is redrawn at most once per animation frame when anything it shows changes.
 * Pointer gestures go to the ToolController, which turns them into model commands.
 */
import { HeatLegend } from './HeatLegend.tsx';
import { useEffect, useRef } from 'react';
import { model } from '../state/session.ts';
import { modelStore } from '../state/modelStore.ts';
import { solveStore, notify } from '../solve/solveState.ts';
import { editorStore } from '../state/editorState.ts';
import { replayStore } from '../state/replayState.ts';
import { currentOutcome } from '../solve/plan.ts';
import { useSlice } from '../state/store.ts';
import { drawStatic } from './drawStatic.ts';
import { MIN_UNIT_RADIUS_PX, drawDynamic } from './drawDynamic.ts';
import { replayAgents, replayPlan } from './replayPlan.ts';
import { selectedPlanWindow } from '../replay/windowOverlay.ts';
import { prepareCanvas } from './prepareCanvas.ts';
import { ToolController } from './toolController.ts';
import { fitView, viewStore } from './viewState.ts';
import { cellAtPoint, panBy, zoomAt } from './viewport.ts';
import { keyState } from '../shortcuts/keyState.ts';
import type { CellRegion } from '../model/commandContext.ts';
import { nearestUnitShownAt } from '../replay/position.ts';
import { watchRegionSize } from './drawObstacles.ts';

declare global {
  interface Window {
    /** Set by a performance test: each dynamic-layer draw appends its duration in ms. */
    mapfLabFrameTimes?: number[];
    /** Set by a performance test: each static-layer draw appends [duration ms, whole map ? 1 : 0]. */
    mapfLabStaticTimes?: [number, number][];
    /** Set by a performance test: each stroke segment's command (model edit) appends its duration in ms. */
    mapfLabStrokeTimes?: number[];
  }
}

/** The unit on cell (x, y) at the replay's current turn (any cell of its footprint), if a plan is on screen. */
function unitOnReplay(x: number, y: number): string | null {
  const outcome = currentOutcome();
  if (!outcome) return null;
  const grid = model.document.grid;
  if (!grid.inBounds(x, y)) return null;
  // Zoomed far out, a unit's disc (kept at MIN_UNIT_RADIUS_PX) covers cells round its own: a
  // click on the disc picks the nearest unit within that reach.
  const cellSize = viewStore.get().view?.cellSize ?? 0;
  const reach = cellSize > 0 ? Math.min(4, Math.ceil(MIN_UNIT_RADIUS_PX / cellSize) - 1) : 0;
  return nearestUnitShownAt(outcome.paths, outcome.streamUnits ? [...model.document.agents, ...outcome.streamUnits] : model.document.agents, grid.width, grid.height, x, y, Math.round(replayStore.get().t), reach);
}

/** The replay's turn when a plan is on screen (a door added then closes at that turn), else 0. */
const replayTurn = () => (currentOutcome() ? Math.round(replayStore.get().t) : 0);

export const toolController = new ToolController(model, editorStore, (message) => notify('error', message), unitOnReplay, replayTurn);

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

  useEffect(() => {
    let dynamicFrame = 0;
    let staticFrame = 0;
    let staticRegion: CellRegion | null | 'all' = null;
    const redrawDynamic = () => {
      if (dynamicFrame) return;
      dynamicFrame = requestAnimationFrame(() => {
        dynamicFrame = 0;
        const { view: v, width: w, height: h } = viewStore.get();
        if (!v || w === 0) return;
        const started = performance.now();
        const outcome = currentOutcome();
        const replay = replayStore.get();
        const editor = editorStore.get();
        drawDynamic(prepareCanvas(dynamicRef.current!, w, h), {
          grid: model.document.grid,
          agents: replayAgents(outcome, model.document.agents),
          spawners: model.document.spawners,
          exits: model.document.exits,
          view: v,
          width: w,
          height: h,
          plan: replayPlan(outcome),
          t: replay.t,
          trails: replay.trails,
          labels: replay.labels,
          heat: replay.heat,
          heatMeasure: replay.heatMeasure,
          flow: replay.flow,
          planWindow: replay.windows && outcome ? selectedPlanWindow(outcome.replay?.windows, model.document.agents, editor.selection, replay.t) : null,
          events: model.document.events,
          obstacles: model.document.obstacles,
          regions: model.document.regions,
          watchRegions: watchRegionSize(model.document),
          selection: new Set(editor.selection),
          paths: replay.paths,
          hovered: editor.cursor && outcome ? unitOnReplay(editor.cursor.x, editor.cursor.y) : null,
          preview: toolController.preview,
          brush: editor.cursor && (editor.tool === 'pencil' || editor.tool === 'eraser') ? { ...editor.cursor, size: editor.brush, passable: editor.tool === 'eraser' } : null,
        });
        window.mapfLabFrameTimes?.push(performance.now() - started);
      });
    };
    // Static redraws wait for the frame too; regions of several stroke segments merge.
    const redrawStatic = (region: CellRegion | null) => {
      if (region === null || staticRegion === 'all') staticRegion = 'all';
      else if (staticRegion === null) staticRegion = { ...region };
      else staticRegion = { x0: Math.min(staticRegion.x0, region.x0), y0: Math.min(staticRegion.y0, region.y0), x1: Math.max(staticRegion.x1, region.x1), y1: Math.max(staticRegion.y1, region.y1) };
      if (staticFrame) return;
      staticFrame = requestAnimationFrame(() => {
        staticFrame = 0;
        const { view: v, width: w, height: h } = viewStore.get();
        const pending = staticRegion;
        staticRegion = null;
        if (!v || w === 0 || pending === null) return;
        const started = performance.now();
        drawStatic(prepareCanvas(staticRefCurrent(), w, h), model.document.grid, v, w, h, pending === 'all' ? null : pending);
        window.mapfLabStaticTimes?.push([performance.now() - started, pending === 'all' ? 1 : 0]);
      });
    };
    const staticRefCurrent = () => staticRef.current!;
    const unsubscribers = [
      model.subscribe((event) => {
        // A newly loaded document is shown whole, whatever the zoom was.
        if (event.cause === 'load') fitView(model.document.grid.width, model.document.grid.height);
        if (event.parts.map) redrawStatic(event.region);
        redrawDynamic();
      }),
      viewStore.subscribe(() => {
        redrawStatic(null);
        redrawDynamic();
      }),
      solveStore.subscribe(redrawDynamic),
      replayStore.subscribe(redrawDynamic),
      editorStore.subscribe(redrawDynamic),
    ];
    redrawStatic(null);
    redrawDynamic();
    return () => {
      unsubscribers.forEach((u) => u());
      cancelAnimationFrame(dynamicFrame);
      cancelAnimationFrame(staticFrame);
    };
  }, []);

  useEffect(() => {
    const canvas = dynamicRef.current!;
    let pan: { x: number; y: number } | null = null;
    const local = (event: { clientX: number; clientY: number }) => {
      const box = canvas.getBoundingClientRect();
      return { px: event.clientX - box.left, py: event.clientY - box.top };
    };
    const cellOf = (event: PointerEvent) => {
      const v = viewStore.get().view!;
      const { px, py } = local(event);
      return cellAtPoint(v, px, py);
    };
    const onDown = (event: PointerEvent) => {
      if (!viewStore.get().view) return;
      canvas.setPointerCapture(event.pointerId);
      if (event.button === 1 || (event.button === 0 && keyState.space)) {
        event.preventDefault();
        pan = { x: event.clientX, y: event.clientY };
        keyState.spaceUsed = true;
        return;
      }
      if (event.button !== 0 && event.button !== 2) return;
      toolController.down(cellOf(event), event.button === 2, event.shiftKey);
      editorStore.set({}); // the preview changed: redraw
    };
    const onMove = (event: PointerEvent) => {
      const v = viewStore.get().view;
      if (!v) return;
      if (pan) {
        // A manual pan ends following a unit (it would pull the view straight back).
        if (replayStore.get().follow) replayStore.set({ follow: false });
        viewStore.set({ view: panBy(v, event.clientX - pan.x, event.clientY - pan.y), fitted: false });
        pan = { x: event.clientX, y: event.clientY };
        return;
      }
      const cell = cellOf(event);
      const cursor = editorStore.get().cursor;
      const grid = model.document.grid;
      const inside = cell.x >= 0 && cell.y >= 0 && cell.x < grid.width && cell.y < grid.height;
      if (!inside && cursor !== null) editorStore.set({ cursor: null });
      else if (inside && (cursor === null || cursor.x !== cell.x || cursor.y !== cell.y)) editorStore.set({ cursor: cell });
      if (event.buttons !== 0) {
        const started = performance.now();
        toolController.move(cell);
        window.mapfLabStrokeTimes?.push(performance.now() - started);
        if (toolController.preview) editorStore.set({});
      }
    };
    const onUp = (event: PointerEvent) => {
      if (pan) {
        pan = null;
        return;
      }
      if (!viewStore.get().view) return;
      toolController.up(cellOf(event));
      editorStore.set({});
    };
    const onWheel = (event: WheelEvent) => {
      const v = viewStore.get().view;
      if (!v) return;
      event.preventDefault();
      const { px, py } = local(event);
      viewStore.set({ view: zoomAt(v, Math.exp(-event.deltaY * 0.0015), px, py), fitted: false });
    };
    const onLeave = () => editorStore.set({ cursor: null });
    const noMenu = (event: Event) => event.preventDefault();
    canvas.addEventListener('pointerdown', onDown);
    canvas.addEventListener('pointermove', onMove);
    canvas.addEventListener('pointerup', onUp);
    canvas.addEventListener('pointercancel', onUp);
    canvas.addEventListener('pointerleave', onLeave);
    canvas.addEventListener('wheel', onWheel, { passive: false });
    canvas.addEventListener('contextmenu', noMenu);
    return () => {
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerup', onUp);
      canvas.removeEventListener('pointercancel', onUp);
      canvas.removeEventListener('pointerleave', onLeave);
      canvas.removeEventListener('wheel', onWheel);
      canvas.removeEventListener('contextmenu', noMenu);
    };
  }, []);

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
