/**
 * The comparison of solvers on the open scenario: the comparisons kept for it (keptComparisons.ts)
 * and the one shown (its rows), the run in progress, and which two rows the A/B switch flips
 * between. Not part of the document (never an undo step: naming and deleting a comparison offer
 * their own Undo). A comparison belongs to the scenario as it was compared (`hash`: what plans
 * depend on, the solver left out); shown on a changed scenario it says it is stale.
 */
import { Store } from '../state/store.ts';
import type { Comparison } from '../../../core/replayFile/comparisonSchema.ts';
import type { CompareRow } from './compareRows.ts';

export interface CompareState {
  phase: 'idle' | 'running';
  /** Kept comparisons of the open scenario, oldest first, and the one shown. */
  kept: Comparison[];
  activeId: string | null;
  /** scenarioPlanHash of the scenario the shown comparison was made on. */
  hash: string;
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
  /** The Compare view: docked full width below the map (K), and its height in pixels. */
  docked: boolean;
  dockHeight: number;
}

export const DEFAULT_COMPARE = ['whca', 'hca', 'lra', 'pibt'];

export const compareStore = new Store<CompareState>({
  phase: 'idle', kept: [], activeId: null, hash: '', rows: [], picked: DEFAULT_COMPARE, jobId: null, progress: '', cancelled: false, shown: null, a: null, b: null,
  docked: false, dockHeight: 300,
});
