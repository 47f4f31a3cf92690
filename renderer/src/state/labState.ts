/**
 * The lab's state for now: the scenario on screen, the chosen solver, and the last solve.
 * (The full scenario model with commands and undo comes with the editor.)
 */
import { chokepointExample } from '../../../core/examples/chokepoint.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import type { MovingAiMap } from '../../../core/formats/movingAiMap.ts';
import type { SolveStatus, SolveStats } from '../../../core/solvers/types.ts';
import { Store } from './store.ts';
import { findSolver } from '../../../core/solvers/registry.ts';

/** The solver a new session starts with: cooperative WHCA* when built in. */
const DEFAULT_SOLVER = findSolver('whca') ? 'whca' : 'independent';

export type SolvePhase = 'idle' | 'running' | 'done';

export interface SolveOutcome {
  solver: string;
  status: SolveStatus;
  paths: number[][];
  message?: string;
  stats: SolveStats;
  /** Conflicts the plan validator found, as readable lines (empty for a valid plan). */
  conflicts: string[];
}

export interface Notice {
  kind: 'error' | 'info';
  text: string;
}

export interface LabState {
  scenarioName: string;
  /** The last error or information for the user, shown until dismissed or replaced. */
  notice: Notice | null;
  instance: MapfInstance;
  /**
   * The Moving AI map the grid was read from, kept so saving writes each cell's original
   * character (trees stay 'T', not '@'); null for maps made in the app.
   */
  mapFile: MovingAiMap | null;
  solver: string;
  phase: SolvePhase;
  jobId: string | null;
  progress: string;
  outcome: SolveOutcome | null;
}

export const labStore = new Store<LabState>({
  scenarioName: 'Chokepoint example',
  notice: null,
  instance: chokepointExample(),
  mapFile: null,
  solver: DEFAULT_SOLVER,
  phase: 'idle',
  jobId: null,
  progress: '',
  outcome: null,
});
