/**
 * The kept comparisons of the open scenario (keptComparisons.ts): show one, name it, delete it
 * (each with an Undo in the notice: comparisons are not part of the document, so they stay out
 * of the document's undo history), save them as the side file NAME.compare.json and open such a
 * file. Opening another scenario (another document, whatever its name) shows its own comparisons.
 */
import type { Comparison } from '../../../core/replayFile/comparisonSchema.ts';
import { comparisonsFile, comparisonsFileName, parseComparisonsFile, serializeComparisonsFile } from '../../../core/replayFile/comparisonFile.ts';
import { fileService } from '../platform/index.ts';
import { model } from '../state/session.ts';
import { notify, solveStore } from '../solve/solveState.ts';
import { slug } from '../../../core/util/names.ts';
import type { PersistentStore } from '../autosave/persistentStore.ts';
import { compareStore } from './compareState.ts';
import { currentPlanHash, keptFor, rowFromKept, useComparisonStore, writeKept } from './keptComparisons.ts';

export function newComparisonId(kept: readonly Comparison[]): string {
  let id = '';
  do id = `c${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  while (kept.some((c) => c.id === id));
  return id;
}

/** "Comparison N", N one more than the highest such name kept. */
export function nextComparisonName(kept: readonly Comparison[]): string {
  let n = 0;
  for (const c of kept) {
    const m = /^Comparison (\d+)$/.exec(c.name);
    if (m) n = Math.max(n, Number(m[1]));
  }
  return `Comparison ${Math.max(n, kept.length) + 1}`;
}

/** Shows kept comparison `id` (null: none) in the table. */
export function selectComparison(id: string | null): void {
  const { kept, phase } = compareStore.get();
  if (phase === 'running') return;
  const chosen = kept.find((c) => c.id === id) ?? null;
  compareStore.set({
    activeId: chosen?.id ?? null,
    hash: chosen?.scenarioHash ?? '',
    rows: chosen ? chosen.rows.map((run) => rowFromKept(run, chosen.costModel)) : [],
    shown: null, a: null, b: null, progress: '',
  });
}

function store(kept: Comparison[], activeId: string | null): void {
  writeKept(model.documentId, model.document.name, kept);
  compareStore.set({ kept });
  selectComparison(activeId);
}

/** A notice with an Undo that puts `before` back. */
function undoable(text: string, before: Comparison[], activeId: string | null): void {
  notify('info', text);
  const notice = solveStore.get().notice;
  if (notice) solveStore.set({ notice: { ...notice, actions: [{ label: 'Undo', testId: 'compare-undo', run: () => { store(before, activeId); solveStore.set({ notice: null }); } }] } });
}

export function renameComparison(id: string, name: string): void {
  const { kept, activeId, phase } = compareStore.get();
  const target = kept.find((c) => c.id === id);
  const clean = name.trim().slice(0, 80);
  if (!target || phase === 'running' || clean === '' || clean === target.name) return;
  store(kept.map((c) => (c.id === id ? { ...c, name: clean } : c)), activeId);
  undoable(`Renamed “${target.name}” to “${clean}”.`, kept, activeId);
}

export function deleteComparison(id: string): void {
  const { kept, activeId, phase } = compareStore.get();
  const target = kept.find((c) => c.id === id);
  if (!target || phase === 'running') return;
  const rest = kept.filter((c) => c.id !== id);
  store(rest, id === activeId ? (rest.at(-1)?.id ?? null) : activeId);
  undoable(`Deleted “${target.name}” (${target.rows.length} runs).`, kept, activeId);
}

let loadedFor: string | null = null;

/** The open scenario's kept comparisons, the newest shown. */
export function loadKeptComparisons(): void {
  if (compareStore.get().phase === 'running') return;
  loadedFor = model.documentId;
  const kept = keptFor(loadedFor, currentPlanHash);
  compareStore.set({ kept });
  selectComparison(kept.at(-1)?.id ?? null);
}

/** Keeps comparisons in `backups` and shows the open scenario's, now and whenever another scenario opens. */
export function startKeptComparisons(backups: PersistentStore): void {
  useComparisonStore(backups);
  loadKeptComparisons();
  model.subscribe((event) => {
    if (event.cause !== 'solution' && model.documentId !== loadedFor) loadKeptComparisons();
  });
}

/** Saves the scenario's kept comparisons as NAME.compare.json (its plans in it), to keep beside NAME.json. */
export async function saveComparisons(): Promise<void> {
  const { kept } = compareStore.get();
  if (kept.length === 0) return;
  const doc = model.document;
  const name = comparisonsFileName(`${slug(doc.name)}.json`);
  const saved = await fileService.saveText(name, serializeComparisonsFile(comparisonsFile(doc.name, kept)), [{ name: 'MAPF Lab comparisons', extensions: ['json'] }]);
  if (saved.error) notify('error', saved.error);
  else if (saved.saved) notify('info', `Saved ${saved.name ?? name}: ${kept.length} comparison${kept.length === 1 ? '' : 's'} with their plans.`);
}

/** Adds `comparisons` to the open scenario's kept ones (an id already kept is given a new one), the last shown. */
export function addKeptComparisons(comparisons: readonly Comparison[]): void {
  let kept = compareStore.get().kept;
  for (const c of comparisons) kept = [...kept, kept.some((k) => k.id === c.id) ? { ...c, id: newComparisonId(kept) } : c];
  store(kept, kept.at(-1)?.id ?? null);
}

/** Adds the comparisons of a NAME.compare.json file to the scenario's (an id already kept is given a new one). */
export async function openComparisons(): Promise<void> {
  const opened = await fileService.openText([{ name: 'MAPF Lab comparisons', extensions: ['json'] }]);
  if (!opened) return;
  try {
    const file = parseComparisonsFile(opened.text, opened.name);
    addKeptComparisons(file.comparisons);
    const hash = currentPlanHash();
    const stale = file.comparisons.filter((c) => c.scenarioHash !== hash).length;
    notify('info', `Opened ${opened.name}: ${file.comparisons.length} comparison${file.comparisons.length === 1 ? '' : 's'}${stale > 0 ? `, ${stale} made on another version of the scenario (stale)` : ''}.`);
  } catch (error) {
    notify('error', `The comparisons could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}
