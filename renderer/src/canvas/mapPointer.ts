/**
 * The map canvas's pointer: a left or right drag goes to the ToolController (model commands),
 * the middle button or space + drag pans, the wheel zooms about the pointer, and the cell under
 * the pointer is the editor's cursor.
 */
import { type RefObject, useEffect } from 'react';
import { model } from '../state/session.ts';
import { editorStore } from '../state/editorState.ts';
import { replayStore } from '../state/replayState.ts';
import { viewStore } from './viewState.ts';
import { cellAtPoint, panBy, zoomAt } from './viewport.ts';
import { keyState } from '../shortcuts/keyState.ts';
import { toolController } from './mapPicking.ts';

/** Listens to the pointer on `canvasRef`'s canvas. */
export function useMapPointer(canvasRef: RefObject<HTMLCanvasElement | null>): void {
  useEffect(() => {
    const canvas = canvasRef.current!;
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

}
