/**
 * The map canvas's two layers kept drawn (after excalidraw's static and interactive canvases):
 * the static layer (floor, walls, grid lines) is redrawn only when the map or the view changes,
 * and for a brush stroke segment only in the cells it touched; the dynamic layer (units, paths,
 * overlays, previews) at most once per animation frame when anything it shows changes.
 */
import { type RefObject, useEffect } from 'react';
import { model } from '../state/session.ts';
import { solveStore } from '../solve/solveState.ts';
import { editorStore } from '../state/editorState.ts';
import { replayStore } from '../state/replayState.ts';
import { currentOutcome } from '../solve/plan.ts';
import { drawStatic } from './drawStatic.ts';
import { drawDynamic } from './drawDynamic.ts';
import { replayAgents, replayPlan } from './replayPlan.ts';
import { selectedPlanWindow } from '../replay/windowOverlay.ts';
import { prepareCanvas } from './prepareCanvas.ts';
import { fitView, viewStore } from './viewState.ts';
import type { CellRegion } from '../model/commandContext.ts';
import { watchRegionSize } from './drawObstacles.ts';
import { toolController, unitOnReplay } from './mapPicking.ts';

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

/** Draws the layers on `staticRef` and `dynamicRef` whenever what they show changes. */
export function useMapRedraws(staticRef: RefObject<HTMLCanvasElement | null>, dynamicRef: RefObject<HTMLCanvasElement | null>): void {
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

}
