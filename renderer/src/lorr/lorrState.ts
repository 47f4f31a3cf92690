/**
 * A League of Robot Runners problem open in the editor (its JSON and the texts of the map, agents
 * and tasks files it names), the files still to be chosen when the browser edition cannot read
 * them by path, and the run's settings: the lifelong planner, the task scheduler, the steps and the per-step limit.
 * The document shows the problem's map and robots; Solve runs the problem with the document's map
 * and robots in place of its own files where they were edited (core/formats/lorrEdits.ts).
 */
import { DEFAULT_LIFELONG_SCHEDULER } from '../../../core/registry/registry.ts';
import { Store } from '../state/store.ts';

export interface OpenLorrProblem {
  name: string;
  text: string;
  /** Texts by the relative paths the problem JSON names them with. */
  files: Record<string, string>;
  teamSize: number;
}

export interface PendingLorrFiles {
  name: string;
  text: string;
  /** Relative paths the problem names, in the JSON's order (map, agents, tasks). */
  needed: string[];
  got: Record<string, string>;
}

export interface LorrState {
  problem: OpenLorrProblem | null;
  pending: PendingLorrFiles | null;
  planner: string;
  /** The task scheduler (core/solvers/lifelong/schedulers.ts). */
  scheduler: string;
  /** Steps to simulate: LoRR runs 5,000; the app defaults to fewer, to replay soon. */
  steps: number;
  /** Planning time a step may take (LoRR: 1,000 ms). */
  stepLimitMs: number;
}

export const DEFAULT_LORR_STEPS = 300;

export const lorrStore = new Store<LorrState>({ problem: null, pending: null, planner: 'flow-pibt', scheduler: DEFAULT_LIFELONG_SCHEDULER, steps: DEFAULT_LORR_STEPS, stepLimitMs: 1000 });

/** The files of `pending` still to be chosen. */
export function missingLorrFiles(pending: PendingLorrFiles): string[] {
  return pending.needed.filter((path) => pending.got[path] === undefined);
}
