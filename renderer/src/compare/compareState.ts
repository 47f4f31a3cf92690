/**
 * The comparison of solvers on the open scenario: its rows, the run in progress, and which two
 * rows the A/B switch flips between. Not part of the document (never an undo step); it belongs
 * to the scenario as it was compared (`revision`: what plans depend on, the solver left out),
 * and the panel shows it only while the scenario is unchanged in that sense.
 */
import { Store } from '../state/store.ts';
import type { CompareRow } from './compareRows.ts';

export interface CompareState {
  phase: 'idle' | 'running';
  /** model.compareRevision when the comparison was made. */
  revision: number;
  rows: CompareRow[];
  /** Solvers picked for the next comparison. */
  picked: string[];
  /** The job running now, and what the progress line says. */
  jobId: string | null;
  progress: string;
  cancelled: boolean;
  /** Row index shown in the editor's replay, and the A and B rows. */
  shown: number | null;
  a: number | null;
  b: number | null;
}

export const DEFAULT_COMPARE = ['whca', 'hca', 'lra', 'pibt'];

export const compareStore = new Store<CompareState>({
  phase: 'idle', revision: -1, rows: [], picked: DEFAULT_COMPARE, jobId: null, progress: '', cancelled: false, shown: null, a: null, b: null,
});
