/** The replay player's state: the turn shown (fractional while playing), playback and overlays. */
import { Store } from './store.ts';
import type { HeatMeasure } from '../replay/heatLayers.ts';

export interface ReplayState {
  /** Turn shown; fractional values interpolate between turns while playing. */
  t: number;
  playing: boolean;
  /** Turns per second. */
  speed: number;
  loop: boolean;
  trails: boolean;
  labels: boolean;
  heat: boolean;
  /** What the heat map shows (heatLayers.ts). */
  heatMeasure: HeatMeasure;
  /** Flow arrows: the net direction units moved through each cell. */
  flow: boolean;
  /** Paths drawn: all (up to 64 units) or the selected and hovered units' only. */
  paths: 'all' | 'selected';
  /** The selected unit's planning window and reserved cells (CA*, HCA*, WHCA* results). */
  windows: boolean;
  /** Keep the selected unit at the centre of the view (toggle: C). */
  follow: boolean;
}

export const SPEEDS = [1, 2, 4, 8, 16, 32] as const;

export const replayStore = new Store<ReplayState>({ t: 0, playing: false, speed: 4, loop: false, trails: true, labels: true, heat: false, heatMeasure: 'congestion', flow: false, paths: 'all', windows: false, follow: false });

/** Clamps to [0, last] on whole turns (stepping and scrubbing land on turns). */
export function seek(t: number, last: number): void {
  replayStore.set({ t: Math.max(0, Math.min(last, Math.round(t))) });
}
