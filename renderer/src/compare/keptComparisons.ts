/**
 * Comparisons kept across reloads, reopenings and crashes: every comparison run is kept, named
 * ("Comparison 3" until renamed), with its runs' plans and the hash of the scenario content they
 * depend on (core/scenario/planHash.ts). They live in the same store as autosave's backups
 * (IndexedDB in the browser, an atomic file through main on the desktop), committed as soon as a
 * run ends, one comparisons file (core/replayFile/comparisonSchema.ts) per scenario, under the
 * document's id (EditorModel.documentId). The same file is what "Save…" writes beside the
 * scenario (NAME.compare.json) and "Open…" reads.
 *
 * A scenario's comparisons are found by its document id, never by its name alone (a new map of
 * the same name is another scenario); a document without its own (opened anew, or kept before ids)
 * finds those made on the same content by the hash. A comparison whose hash is not the scenario's
 * is stale: it shows its old figures, says so, and offers to run the same solvers again.
 */
import { planHash } from '../../../core/scenario/planHash.ts';
import { ComparisonsFileSchema, type ComparedDiscs, type ComparedRun, type Comparison, type ComparisonsFile } from '../../../core/replayFile/comparisonSchema.ts';
import { comparisonsFile } from '../../../core/replayFile/comparisonFile.ts';
import { encodePaths } from '../../../core/protocol/wire.ts';
import type { SolveStats } from '../../../core/contract/types.ts';
import { CROWD_TRACK_FORMAT, CROWD_TRACK_VERSION, type CrowdTrack } from '../../../core/contract/crowdTrack.ts';
import { scenarioFromDocument } from '../model/document.ts';
import { model } from '../state/session.ts';
import { memoryStore, type PersistentStore } from '../autosave/persistentStore.ts';
import { solveOutcome } from '../solve/solveOutcome.ts';
import type { SolveOutcome } from '../solve/solveState.ts';
import type { CompareRow } from './compareRows.ts';

export const COMPARISONS_KEY = 'mapf-lab/comparisons';
/** Comparisons kept per scenario, and scenarios kept: the oldest go first. */
export const MAX_COMPARISONS = 12;
const MAX_SCENARIOS = 40;
/** Plans larger than this (cells over all runs of a comparison) are not kept: its figures are. */
export const MAX_KEPT_CELLS = 4_000_000;

let store: PersistentStore = memoryStore('backups');

/** Tests: resolves once every write so far is committed. */
export function comparisonsFlushed(): Promise<void> {
  return store.flushed();
}

export function useComparisonStore(backups: PersistentStore): void {
  store = backups;
}

/** One scenario's comparisons as the store keeps them: the document's id and its comparisons file. */
interface KeptEntry {
  documentId: string | null;
  file: ComparisonsFile;
}

/**
 * Every scenario's comparisons in the store; a damaged entry is skipped, not fatal. An entry
 * written before documents had ids is a bare comparisons file: it has no id, so only its hashes
 * can match it to a scenario.
 */
function readAll(): KeptEntry[] {
  try {
    const raw = store.getItem(COMPARISONS_KEY);
    if (!raw) return [];
    const list = JSON.parse(raw) as unknown;
    if (!Array.isArray(list)) return [];
    return list.flatMap((entry: unknown): KeptEntry[] => {
      const withId = entry !== null && typeof entry === 'object' && 'documentId' in entry && 'file' in entry;
      const parsed = ComparisonsFileSchema.safeParse(withId ? (entry as { file: unknown }).file : entry);
      if (!parsed.success) return [];
      const id = withId ? (entry as { documentId: unknown }).documentId : null;
      return [{ documentId: typeof id === 'string' ? id : null, file: parsed.data }];
    });
  } catch {
    return [];
  }
}

/** The comparisons kept for document `documentId`, else those made on the same content under another (a scenario opened anew, or renamed before ids). */
export function keptFor(documentId: string, hash: string | (() => string)): Comparison[] {
  const all = readAll();
  const own = all.find((e) => e.documentId === documentId);
  if (own) return own.file.comparisons;
  if (all.length === 0) return [];
  const wanted = typeof hash === 'string' ? hash : hash();
  return all.flatMap((e) => e.file.comparisons.filter((c) => c.scenarioHash === wanted));
}

/** Replaces document `documentId`'s kept comparisons (the newest MAX_COMPARISONS; `name` for a reader of the file), most recently written last. */
export function writeKept(documentId: string, name: string, comparisons: readonly Comparison[]): void {
  const kept = comparisons.slice(-MAX_COMPARISONS);
  const ids = new Set(kept.map((c) => c.id));
  // A comparison found by its hash under another entry now belongs to this document: it is not kept twice.
  const others = readAll()
    .filter((e) => e.documentId !== documentId)
    .map((e) => ({ ...e, file: { ...e.file, comparisons: e.file.comparisons.filter((c) => !ids.has(c.id)) } }))
    .filter((e) => e.file.comparisons.length > 0);
  const next: KeptEntry[] = kept.length > 0 ? [...others, { documentId, file: comparisonsFile(name, kept) }] : others;
  store.setItem(COMPARISONS_KEY, JSON.stringify(next.slice(-MAX_SCENARIOS)));
}

let hashCache: { revision: number; hash: string } | null = null;

/**
 * The hash of the open scenario's plan content; recomputed only when an edit changes what plans
 * depend on, from the grid's arrays (not its rows as text): about 10 ms for a 5000x5000 map.
 */
export function currentPlanHash(): string {
  const revision = model.compareRevision;
  if (hashCache?.revision !== revision) {
    // The map is hashed as the grid: the document's other fields are taken with the map as a
    // reference, so its rows are not written out as text (25 million characters at 5000x5000).
    const doc = model.document;
    hashCache = { revision, hash: planHash(scenarioFromDocument({ ...doc, mapSource: { kind: 'file', path: '' } }), doc.grid) };
  }
  return hashCache.hash;
}

/** A run as the file keeps it; its plan left out when the comparison's plans are too large to keep. */
export function keptRun(row: CompareRow, keepPlan: boolean): ComparedRun {
  const stats: Record<string, number> = {};
  for (const [key, value] of Object.entries(row.stats)) if (typeof value === 'number' && Number.isFinite(value)) stats[key] = value;
  return {
    solver: row.solver,
    label: row.label,
    settings: row.settings,
    status: row.status as ComparedRun['status'],
    ...(row.message !== undefined ? { message: row.message } : {}),
    agents: row.agents,
    arrived: row.arrived,
    makespan: row.makespan,
    sumOfCosts: row.sumOfCosts,
    totalWait: row.totalWait,
    maxWait: row.maxWait,
    lowerBound: row.lowerBound,
    conflicts: row.conflicts,
    solveMs: row.solveMs,
    regions: row.regions.map((r) => ({ ...r, queue: r.queue.slice() })),
    stats,
    paths: keepPlan ? row.paths : [],
    ...(keepPlan && row.obstaclePaths ? { obstaclePaths: row.obstaclePaths } : {}),
    ...(row.crowd !== undefined ? { crowd: row.crowd } : {}),
    ...(keepPlan && row.outcome?.crowd ? { discs: keptDiscs(row.outcome.crowd) } : keepPlan && row.discs ? { discs: row.discs } : {}),
  };
}

/** A crowd track as a kept comparison holds it (positions to a thousandth of a cell). */
export function keptDiscs(track: CrowdTrack): ComparedDiscs {
  return {
    agents: track.agents,
    turns: track.turns,
    radius: track.radius,
    maxSpeed: track.maxSpeed,
    stuckTurns: track.stuckTurns,
    positions: Array.from(track.positions, (v) => Math.round(v * 1000) / 1000),
    arrivals: Array.from(track.arrivals),
    stepOverlaps: track.stepOverlaps,
    stepDeepest: track.stepDeepest,
    ...(track.sizes ? { sizes: Array.from(track.sizes) } : {}),
  };
}

/** The crowd track of kept discs on a map of this size. */
export function trackFromKept(discs: ComparedDiscs, width: number, height: number): CrowdTrack {
  const { sizes, ...rest } = discs;
  return { format: CROWD_TRACK_FORMAT, version: CROWD_TRACK_VERSION, width, height, ...rest, positions: Float32Array.from(discs.positions), arrivals: Int32Array.from(discs.arrivals), ...(sizes ? { sizes: Int32Array.from(sizes) } : {}) };
}

/** Whether a comparison's plans are small enough to keep. */
export function plansFit(rows: readonly CompareRow[]): boolean {
  let cells = 0;
  for (const row of rows) {
    for (const path of row.paths) cells += path.length;
    // A crowd model's discs: a position per unit per turn.
    const track = row.outcome?.crowd ?? row.discs;
    if (track) cells += (track.turns + 1) * track.agents;
  }
  return cells <= MAX_KEPT_CELLS;
}

export function rowFromKept(run: ComparedRun, costModel: CompareRow['costModel']): CompareRow {
  return { ...run, costModel, stats: run.stats as unknown as SolveStats };
}

/** The replay outcome of a kept run on the open scenario (its hash must be the scenario's). */
export function keptOutcome(row: CompareRow): SolveOutcome {
  const { instance, obstacles } = model.instance();
  const result = {
    solver: row.solver,
    status: row.status as SolveOutcome['status'],
    paths: encodePaths(row.paths),
    ...(row.message !== undefined ? { message: row.message } : {}),
    stats: row.stats,
    ...(row.obstaclePaths ? { obstaclePaths: encodePaths(row.obstaclePaths) } : {}),
    ...(row.discs && row.discs.agents === row.paths.length ? { crowd: trackFromKept(row.discs, instance.grid.width, instance.grid.height) } : {}),
  };
  return solveOutcome(instance, result, model.planRevisionFor(row.settings), true, obstacles.map((o) => o.size ?? 1));
}
