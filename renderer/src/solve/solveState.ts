/**
 * The editor's solve state, which is not part of the scenario: the solve in progress or last
 * finished, live mode, and the message shown to the user. The scenario itself lives in the editor
 * model (session.ts); the experiments view ("the lab", renderer/src/lab/) keeps its own state.
 */
import type { SolveStatus, SolveStats } from '../../../core/contract/types.ts';
import type { WireReplay } from '../../../core/protocol/turnEventWire.ts';
import type { CrowdTrack } from '../../../core/contract/crowdTrack.ts';
import type { ReplayAnalysis } from '../replay/analysis.ts';
import { Store } from '../state/store.ts';
import { type ViewName, viewStore } from '../lab/viewMode.ts';

export type SolvePhase = 'idle' | 'running' | 'done';

import type { WireStreamMeasures } from '../../../core/scenario/streamWire.ts';
import type { ScenarioAgent } from '../../../core/scenario/schema.ts';
import type { WireLifelongRun } from '../../../core/protocol/lifelongWire.ts';

export interface SolveOutcome {
  solver: string;
  status: SolveStatus;
  paths: number[][];
  /** Goal cells of the units at solve time, by index. */
  goals: number[];
  message?: string;
  stats: SolveStats;
  /** Conflicts the plan validator found, as readable lines (empty for a valid plan). */
  conflicts: string[];
  /** Each conflict's turn and units (agent indexes), for the failures list's jump. */
  conflictMarks?: { t: number; agents: number[] }[];
  /** Positions, waits, congestion and timeline marks for the replay player (analysis.source says from what). */
  analysis: ReplayAnalysis;
  /** The simulator's replay, when the solver ran in it (cooperative solvers), its events as columns; exports decode them. */
  replay?: WireReplay;
  /** Runs among moving obstacles: each obstacle's cells per turn as it moved. */
  obstaclePaths?: number[][];
  /** A stream's measures (goals reached, exits, backlogs, time in the system), when the run was one. */
  streams?: WireStreamMeasures;
  /** A stream's spawned units (after the scenario's own in paths), for the canvas and the lists. */
  streamUnits?: ScenarioAgent[];
  /**
   * The engine crowd models' real positions per turn: the replay draws discs there; `paths` holds
   * their cells (for the heat map and regions), which discs smaller than a cell may share.
   */
  crowd?: CrowdTrack;
  /**
   * A League of Robot Runners run (lifelong, turning robots): its answer (actions, tasks finished
   * per step, measures, task records for the PlanViz export) and each robot's heading per step.
   */
  lifelong?: { run: WireLifelongRun; headings: readonly ArrayLike<number>[] };
  /** The plan revision (planSignature.ts) it was computed for: an edit that changes what the plan depends on makes it stale. */
  revision: number;
}

export interface Notice {
  kind: 'error' | 'info';
  text: string;
  /** Buttons offered with the message (Recover, Discard …). */
  actions?: { label: string; testId: string; run: () => void }[];
  /** The view the message was given in: it is shown there only (the lab's notices stayed in the editor). */
  view?: ViewName;
  /**
   * The document revision (EditorModel.revision) a message about the document describes ("Created
   * … with 0 units"): it goes at the next edit, which makes it untrue.
   */
  revision?: number;
}

export interface SolveState {
  /** The last error or information for the user, shown until dismissed or replaced. */
  notice: Notice | null;
  phase: SolvePhase;
  jobId: string | null;
  progress: string;
  outcome: SolveOutcome | null;
  /** Live mode: every edit re-solves (debounced), cancelling a stale run. */
  live: boolean;
  /**
   * The last solve refused, at the plan revision it judged: by the panel before it ran (units
   * walled off …), or by the solver with no plan ('failed', or 'cancelled' before one), the last
   * plan kept meanwhile.
   */
  refused: { message: string; revision: number; status?: 'failed' | 'cancelled' } | null;
}

export const solveStore = new Store<SolveState>({
  notice: null,
  phase: 'idle',
  jobId: null,
  progress: '',
  outcome: null,
  live: false,
  refused: null,
});

export function notify(kind: Notice['kind'], text: string, about?: { revision: number }): void {
  solveStore.set({ notice: { kind, text, view: viewStore.get().view, ...(about ? { revision: about.revision } : {}) } });
}

/** The notice to show in `view` at document revision `revision`: one given in the other view waits there; one about an edited document is gone. */
export function visibleNotice(notice: Notice | null, view: ViewName, revision?: number): Notice | null {
  if (notice === null || (notice.view !== undefined && notice.view !== view)) return null;
  return notice.revision === undefined || revision === undefined || notice.revision === revision ? notice : null;
}

