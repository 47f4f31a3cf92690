/** The map view's zoom and pan, shared by the canvas, the toolbar (Fit) and the shortcuts. */
import { Store } from '../state/store.ts';
import { fitViewport, zoomAt, type Viewport } from './viewport.ts';

export interface ViewState {
  /** Null until the canvas has a size. */
  view: Viewport | null;
  /** The view follows fitting (on resize and map size changes) until the user zooms or pans. */
  fitted: boolean;
  width: number;
  height: number;
  /** A box floating in the canvas's bottom-right corner (the heat map's legend, with its margin) that fitting keeps off the map; null without one. */
  corner: { width: number; height: number } | null;
}

export const viewStore = new Store<ViewState>({ view: null, fitted: true, width: 0, height: 0, corner: null });

export function fitView(mapWidth: number, mapHeight: number): void {
  const { width, height, corner } = viewStore.get();
  if (width === 0) return;
  viewStore.set({ view: fitViewport(width, height, mapWidth, mapHeight, 12, corner ?? undefined), fitted: true });
}

/** The corner box came, went or changed size: a fitted view fits again around it. */
export function setViewCorner(corner: { width: number; height: number } | null, mapWidth: number, mapHeight: number): void {
  const state = viewStore.get();
  if (state.corner?.width === corner?.width && state.corner?.height === corner?.height) return;
  viewStore.set({ corner });
  if (state.fitted) fitView(mapWidth, mapHeight);
}

/** Zoom about the canvas centre (keyboard + and -). */
export function zoomCentre(factor: number): void {
  const { view, width, height } = viewStore.get();
  if (view) viewStore.set({ view: zoomAt(view, factor, width / 2, height / 2), fitted: false });
}
