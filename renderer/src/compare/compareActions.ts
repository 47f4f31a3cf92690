/**
 * Compare: the open scenario solved by several solvers one after the other in the solver
 * process (the editor stays responsive; Cancel stops the run in progress and the rest), each
 * result kept as a row; a row opens in the replay player (its solver settings shown in the solver
 * panel, the turn kept), and the A/B switch flips between two rows at the same turn. Every
 * comparison is kept (keptComparisons.ts); naming, deleting, saving and opening them are in
 * keptActions.ts.
 */
import { scenarioObstacleParams } from '../../../core/simulation/amongObstacles.ts';
import { encodeInstance } from '../../../core/protocol/wire.ts';
import { streamsFromContent } from '../../../core/scenario/streamInstance.ts';
import { hasStreams } from '../../../core/mapf/streams.ts';
import { costModelOf } from '../../../core/mapf/plan.ts';
import { findSolver, obstacleFactory } from '../../../core/registry/registry.ts';
import { solverService, fileService } from '../platform/index.ts';
import { model } from '../state/session.ts';
import { notify, solveStore } from '../solve/solveState.ts';
import { solveOutcome } from '../solve/solveOutcome.ts';
import { solveRequestFields } from '../solve/solveRequest.ts';
import { slug } from '../../../core/util/names.ts';
import { compareCsv, compareRow, compareSettings, shortSolverName, type CompareRow } from './compareRows.ts';
import { compareStore } from './compareState.ts';
import { currentPlanHash, keptOutcome, keptRun, plansFit, writeKept } from './keptComparisons.ts';
import { newComparisonId, nextComparisonName, selectComparison } from './keptActions.ts';
import type { Comparison } from '../../../core/replayFile/comparisonSchema.ts';

/**
 * Runs every picked solver on the scenario as it is now, as a new kept comparison; `rerun` runs
 * the shown comparison's solvers again in its place (a stale one made current).
 */
export async function runCompare(rerun = false): Promise<void> {
  const state = compareStore.get();
  if (state.phase === 'running' || solveStore.get().phase === 'running') return;
  const active = state.kept.find((c) => c.id === state.activeId);
  const names = rerun && active ? active.rows.map((r) => r.solver) : state.picked;
  const solvers = names.filter((name) => findSolver(name));
  if (solvers.length === 0) return notify('error', 'Compare: pick at least one solver.');
  const doc = model.document;
  const { instance, events, obstacles } = model.instance();
  // Encoded once: the grid is edited in place, and every run must see the scenario as compared.
  // A stream's spawners, exits and errands go too: solvers that plan once answer that they refuse it.
  const streams = streamsFromContent(doc, instance.grid);
  const wire = encodeInstance(instance, events, obstacles, streams);
  const costModel = costModelOf(doc.solver.params);
  const plan = { width: doc.grid.width, sizes: doc.agents.map((a) => a.size), regions: doc.regions.slice(), costModel };
  const revision = model.compareRevision;
  const hash = currentPlanHash();
  const made: Comparison = {
    id: rerun && active ? active.id : newComparisonId(state.kept),
    name: rerun && active ? active.name : nextComparisonName(state.kept),
    createdAt: new Date().toISOString(),
    scenarioHash: hash,
    costModel,
    width: doc.grid.width,
    regions: doc.regions.map((r) => r.name),
    rows: [],
  };
  const kept = rerun && active ? state.kept.map((c) => (c.id === made.id ? made : c)) : [...state.kept, made];
  const rows: CompareRow[] = [];
  compareStore.set({ phase: 'running', kept, activeId: made.id, hash, rows, cancelled: false, shown: null, a: null, b: null, progress: '' });
  for (let k = 0; k < solvers.length; k++) {
    if (compareStore.get().cancelled) break;
    const entry = findSolver(solvers[k])!;
    const settings = compareSettings(doc.solver, entry.name);
    const { dropped: _unused, ...fields } = solveRequestFields(settings, doc.grid.width, doc.grid.height, { obstacles: obstacles.length > 0, streams: hasStreams(streams) });
    if (obstacles.length > 0) fields.params = scenarioObstacleParams(!!obstacleFactory(settings.solver), doc.knowledge, fields.params);
    const prefix = `${k + 1} of ${solvers.length}: ${entry.label}`;
    const job = solverService.solve({ ...fields, instance: wire }, (progress) => compareStore.set({ progress: `${prefix}: ${progress.message}` }));
    compareStore.set({ jobId: job.id, progress: `${prefix}…` });
    const result = await job.result;
    // Validated against the instance as compared (still the model's while the revision holds).
    const outcome = solveOutcome(instance, result, model.planRevisionFor(settings), model.compareRevision === revision, obstacles.map((o) => o.size ?? 1));
    rows.push(compareRow({ solver: entry.name, label: shortSolverName(entry.name), settings, outcome }, plan));
    compareStore.set({ rows: rows.slice() });
  }
  const cancelled = compareStore.get().cancelled;
  // Kept at once (a crash after the run keeps it), with its plans unless they are too large.
  const keepPlans = plansFit(rows);
  const done: Comparison = { ...made, rows: rows.map((row) => keptRun(row, keepPlans)) };
  const final = compareStore.get().kept.map((c) => (c.id === done.id ? done : c)).filter((c) => c.rows.length > 0);
  writeKept(model.documentId, doc.name, final);
  const note = keepPlans ? '' : ' Its plans are too large to keep: the figures are kept, the replays are not.';
  compareStore.set({
    phase: 'idle', jobId: null, kept: final, activeId: rows.length > 0 ? done.id : (final.at(-1)?.id ?? null),
    progress: `${cancelled ? `Cancelled after ${rows.length} of ${solvers.length} runs.` : ''}${note}`.trim(),
  });
  if (rows.length === 0) selectComparison(compareStore.get().activeId);
}

export function cancelCompare(): void {
  const { jobId, phase } = compareStore.get();
  if (phase !== 'running') return;
  compareStore.set({ cancelled: true });
  if (jobId !== null) solverService.cancel(jobId);
}

/** Shows row `index`'s plan in the editor: its solver settings in the panel (not an undo step), the replay at the same turn. */
export function showCompareRow(index: number): void {
  const { rows, hash } = compareStore.get();
  const row = rows[index];
  if (!row || hash !== currentPlanHash() || row.paths.length === 0 || solveStore.get().phase === 'running') return;
  model.dispatch({ type: 'setSolverSettings', settings: row.settings });
  // A kept run's replay is rebuilt from its plan the first time it is opened.
  row.outcome ??= keptOutcome(row);
  const outcome = { ...row.outcome, revision: model.planRevision };
  model.dispatch({ type: 'receiveSolution', solution: { solver: row.solver, status: outcome.status, paths: outcome.paths, message: outcome.message, stats: outcome.stats } });
  solveStore.set({ phase: 'done', jobId: null, progress: '', outcome });
  compareStore.set({ shown: index });
}

/** Flips the replay between the A and B rows at the same turn (B, the key). */
export function switchAB(): void {
  const { a, b, shown } = compareStore.get();
  if (a === null || b === null) return notify('info', 'A/B: choose an A row and a B row in Compare first.');
  showCompareRow(shown === a ? b : a);
}

export async function exportCompareCsv(): Promise<void> {
  const { rows } = compareStore.get();
  if (rows.length === 0) return;
  const name = `${slug(model.document.name)}-compare.csv`;
  const saved = await fileService.saveText(name, compareCsv(rows, model.document.regions.map((r) => r.name)), [{ name: 'CSV', extensions: ['csv'] }]);
  if (saved.error) notify('error', saved.error);
  else if (saved.saved) notify('info', `Saved ${saved.name ?? name} (${rows.length} runs, sum of costs in the '${rows[0].costModel}' model).`);
}
