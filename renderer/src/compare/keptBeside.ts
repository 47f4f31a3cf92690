/**
 * The comparisons kept beside a scenario file (NAME.compare.json), which the desktop app's main
 * reads and checks when the scenario opens (main/comparisonsBeside.ts). They join the ones kept
 * in the autosave store for that scenario: a comparison already kept (same id) stays as kept,
 * since the store has its latest name; the others are added, the newest shown. A comparison made
 * on another version of the scenario comes in stale, saying so, like one opened with Open….
 */
import type { ComparisonsBeside } from '../../../core/platform/desktopApi.ts';
import type { Comparison } from '../../../core/replayFile/comparisonSchema.ts';
import { compareStore } from './compareState.ts';
import { addKeptComparisons } from './keptActions.ts';
import { currentPlanHash } from './keptComparisons.ts';

/** What the opening notice adds about the side file ('' when there was none or nothing new). */
export interface BesideOutcome {
  text: string;
  failed: boolean;
}

/** Adds the side file's comparisons to the open scenario's kept ones; says what came in, or why nothing did. */
export function takeComparisonsBeside(beside: ComparisonsBeside): BesideOutcome {
  if (beside === null) return { text: '', failed: false };
  if ('error' in beside) return { text: ` Its comparisons were not read: ${beside.error}`, failed: true };
  const kept = compareStore.get().kept;
  const fresh: Comparison[] = beside.file.comparisons.filter((c) => !kept.some((k) => k.id === c.id));
  if (fresh.length > 0) addKeptComparisons(fresh);
  const total = beside.file.comparisons.length;
  const hash = currentPlanHash();
  const stale = beside.file.comparisons.filter((c) => c.scenarioHash !== hash).length;
  const plural = total === 1 ? '' : 's';
  return {
    text: ` ${total} comparison${plural} from ${beside.name}${fresh.length < total ? ` (${total - fresh.length} already kept)` : ''}${stale > 0 ? `, ${stale} made on another version of the scenario (stale)` : ''}.`,
    failed: false,
  };
}
