/**
 * Runs the capacity sweep of the open scenario's stream in the solver process, one stream solve
 * per solver and rate (the swept spawners at that rate, with no count limit), as Compare runs its
 * solvers: the editor stays responsive, progress counts the runs, Cancel stops the run in progress
 * and the rest. Each answer's stream measures become a row by core's capacityRun, the same figures
 * `mapf-lab capacity` prints for the file.
 */
import { type CapacityRun, type CapacitySolver, capacityRun, capacitySentence, checkCapacity, laneCapacity, platoonEntry, summarize, sweptStreams } from '../../../core/experiments/capacity.ts';
import { encodeInstance } from '../../../core/protocol/wire.ts';
import { streamsFromContent } from '../../../core/scenario/streamInstance.ts';
import { solverService } from '../platform/index.ts';
import { model } from '../state/session.ts';
import { notify, solveStore } from '../solve/solveState.ts';
import { solveRequestFields } from '../solve/solveRequest.ts';
import { compareStore } from '../compare/compareState.ts';
import { capacityStore, placeName, sweepRates } from './capacityState.ts';
import { lockWords } from '../../../core/simulation/gridlock.ts';

export { placeName };

export async function runCapacity(): Promise<void> {
  const state = capacityStore.get();
  if (state.phase === 'running' || solveStore.get().phase === 'running' || compareStore.get().phase === 'running') return;
  const doc = model.document;
  const { instance, events, obstacles } = model.instance();
  const streams = streamsFromContent(doc, instance.grid);
  const { settings } = state;
  const spawners = settings.spawners.length > 0 ? settings.spawners.filter((n) => streams.spawners.some((s) => s.name === n)) : streams.spawners.filter((s) => s.goal.kind === 'exit').map((s) => s.name);
  const rates = sweepRates(settings.from, settings.to, settings.step);
  const solvers: CapacitySolver[] = settings.solvers.map((solver) => (solver === 'whca' && doc.solver.window !== undefined ? { solver, params: { window: doc.solver.window } } : { solver }));
  const options = { spawners, rates, solvers, turns: settings.turns };
  // The lane's own capacity: the traffic rule runs at every rate after the solvers (none where the map has no one-lane corridor).
  const platoon = platoonEntry(instance.grid, instance.movement);
  const entries = platoon === null ? solvers : [...solvers, platoon];
  try {
    checkCapacity(streams, options);
  } catch (error) {
    const message = `Capacity: ${error instanceof Error ? error.message : String(error)}.`;
    capacityStore.set({ error: message });
    return notify('error', message);
  }
  const total = entries.length * rates.length;
  const revision = model.compareRevision;
  // A cancelled sweep leaves the last full one shown (its charts and sentence).
  const previous = { result: state.result, sentence: state.sentence, revision: state.revision };
  const runs: CapacityRun[] = [];
  capacityStore.set({ phase: 'running', done: 0, total, cancelled: false, error: null, progress: `Run 1 of ${total}…`, result: null, sentence: '' });
  outer: for (const entry of entries) {
    for (const rate of rates) {
      if (capacityStore.get().cancelled) break outer;
      const runStreams = sweptStreams(streams, spawners, rate, settings.admitShare);
      const { dropped: _unused, ...fields } = solveRequestFields({ ...doc.solver, solver: entry.solver, turnLimit: settings.turns, params: { ...(entry.params ?? {}) } }, doc.grid.width, doc.grid.height, { obstacles: obstacles.length > 0, streams: true });
      // The sweep reads the measures only: no plan windows for the replay's overlay.
      fields.params.recordPlans = false;
      const started = performance.now();
      const job = solverService.solve({ ...fields, instance: encodeInstance(instance, events, obstacles, runStreams) });
      capacityStore.set({ jobId: job.id, progress: `Run ${runs.length + 1} of ${total}: ${entry.solver} at ${rate} per 10 turns…` });
      const result = await job.result;
      if (capacityStore.get().cancelled || result.status === 'cancelled') break outer;
      if (!result.streams) {
        capacityStore.set({ phase: 'idle', jobId: null, progress: '', error: `Capacity: ${entry.solver} at ${rate} per 10 turns gave no stream measures (${result.message ?? result.status}).` });
        return;
      }
      const ran = result.streams.goalsReached.length;
      // A run whose units locked failed without an invalid plan: its gridlock is said, and its
      // solver is left out of what the level carries (capacitySentence).
      const gridlock = result.status === 'failed' && lockWords(result.message) !== null ? result.message! : null;
      runs.push(capacityRun(entry, rate, options, runStreams, result.streams, ran, result.status, result.status !== 'failed' || gridlock !== null, performance.now() - started, gridlock));
      const partial = { spawners, turns: settings.turns, runs: runs.slice(), solvers: summarize(solvers, runs), cancelled: false };
      capacityStore.set({ done: runs.length, result: partial });
    }
  }
  const cancelled = capacityStore.get().cancelled;
  if (cancelled) {
    capacityStore.set({ ...previous, phase: 'idle', jobId: null, progress: `Cancelled after ${runs.length} of ${total} runs.${previous.result ? ' The last full sweep is shown.' : ''}` });
    return;
  }
  const result = { spawners, turns: settings.turns, runs, solvers: summarize(solvers, runs), cancelled: false, lane: platoon === null ? null : laneCapacity(instance.grid, runs), ...(doc.scale ? { scale: doc.scale } : {}) };
  capacityStore.set({
    phase: 'idle', jobId: null, result, revision,
    sentence: runs.length > 0 ? capacitySentence(result, placeName(doc.regions)) : '',
    progress: `${runs.length} runs, ${settings.turns} turns each.`,
  });
}

export function cancelCapacity(): void {
  const { jobId, phase } = capacityStore.get();
  if (phase !== 'running') return;
  capacityStore.set({ cancelled: true });
  if (jobId !== null) solverService.cancel(jobId);
}
