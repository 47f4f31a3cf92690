/**
 * The lab's state for now: the scenario on screen, the chosen solver, and the last solve.
 * (The full scenario model with commands and undo comes with the editor.)
 */
import { chokepointExample } from '../../../core/examples/chokepoint.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import type { SolveStatus, SolveStats } from '../../../core/solvers/types.ts';
import { Store } from './store.ts';

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

export interface LabState {
  scenarioName: string;
  instance: MapfInstance;
  solver: string;
  phase: SolvePhase;
  jobId: string | null;
  progress: string;
  outcome: SolveOutcome | null;
}

export const labStore = new Store<LabState>({
  scenarioName: 'Chokepoint example',
  instance: chokepointExample(),
  solver: 'independent',
  phase: 'idle',
  jobId: null,
  progress: '',
  outcome: null,
});
