/**
 * The capacity sweep of the open scenario's stream (core/experiments/capacity.ts): its settings
 * (the spawners swept, the rates, the solvers, the turns), the sweep in progress (runs done of
 * all, the job running, cancel) and the last result with the sentence the Streams and region
 * panels show. Not part of the document (no undo step): a sweep measures the scenario, it does
 * not edit it.
 */
import { Store } from '../state/store.ts';
import { DEFAULT_STREAM_TURNS } from '../../../core/mapf/streams.ts';
import { type CapacityResult, capacitySentence } from '../../../core/experiments/capacity.ts';
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';

export interface CapacitySettings {
  /** Spawners swept together (empty: every spawner whose units leave by an exit). */
  spawners: string[];
  from: number;
  to: number;
  step: number;
  solvers: string[];
  turns: number;
  /** Admission share for the swept spawners, instead of each spawner's own (undefined: theirs). */
  admitShare?: number;
}

export interface CapacityState {
  settings: CapacitySettings;
  phase: 'idle' | 'running';
  done: number;
  total: number;
  jobId: string | null;
  cancelled: boolean;
  progress: string;
  result: CapacityResult | null;
  /** The sentence of the last result: "the bridge carries at most …". */
  sentence: string;
  /** The compare revision (what plans depend on, the solver left out) the result was measured on: a changed scenario makes it stale. */
  revision: number;
  error: string | null;
}

/** The solvers a sweep compares by default: the three the bridge benchmark holds to its targets. */
export const DEFAULT_CAPACITY_SOLVERS = ['pibt', 'whca', 'rhcr'];

export const capacityStore = new Store<CapacityState>({
  settings: { spawners: [], from: 1, to: 10, step: 1, solvers: DEFAULT_CAPACITY_SOLVERS, turns: DEFAULT_STREAM_TURNS },
  phase: 'idle', done: 0, total: 0, jobId: null, cancelled: false, progress: '', result: null, sentence: '', revision: -1, error: null,
});

/** The rates from..to by step (inclusive, rounded to a millionth so 0.5 steps land on `to`). */
export function sweepRates(from: number, to: number, step: number): number[] {
  if (!(from > 0) || !(step > 0) || to < from) return [];
  const count = Math.floor((to - from) / step + 1e-9) + 1;
  return Array.from({ length: Math.min(count, 200) }, (_, k) => Math.round((from + k * step) * 1e6) / 1e6);
}

/** What the sentence calls the chokepoint: the first measured region ("the bridge"), else "the chokepoint". */
export function placeName(regions: readonly { name: string }[]): string {
  return regions.length > 0 ? `the ${regions[0].name}` : 'the chokepoint';
}

/**
 * The last sweep in words, in the scenario's units as they are now (a turn's length set after the
 * sweep gives its rates a minute at once: the figures are the same, only their units change);
 * '' while there is none.
 */
export function useCapacitySentence(): string {
  const sentence = useSlice(capacityStore, (s) => s.sentence);
  const result = useSlice(capacityStore, (s) => s.result);
  const scale = useSlice(modelStore, (s) => s.scale);
  const regions = useSlice(modelStore, (s) => s.regions);
  if (sentence === '' || result === null) return sentence;
  return capacitySentence({ ...result, scale }, placeName(regions));
}
