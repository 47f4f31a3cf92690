/**
 * After the level changed: the comparison on screen is run again on the new level, with the
 * same solvers, as a new kept comparison (the old one stays, stale, for the record), and the
 * measured regions' crossings per 10 turns before and after are put in words, solver by solver,
 * so the designer sees what the change did to the chokepoint.
 */
import { THROUGHPUT_TURNS } from '../../../core/mapf/regionMeasures.ts';
import { runCompare } from '../compare/compareActions.ts';
import { compareStore } from '../compare/compareState.ts';
import type { CompareRow } from '../compare/compareRows.ts';

function figures(rows: readonly CompareRow[]): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const row of rows) {
    for (const region of row.regions) {
      if (!out.has(region.name)) out.set(region.name, new Map());
      out.get(region.name)!.set(row.label, region.crossingRate);
    }
  }
  return out;
}

/** Runs the shown comparison again; returns the crossings before and after in words, or null when there was none to run. */
export async function rerunComparisonAfterReload(): Promise<string | null> {
  const state = compareStore.get();
  if (state.phase === 'running' || state.rows.length === 0) return null;
  const before = figures(state.rows);
  const picked = state.picked;
  compareStore.set({ picked: state.rows.map((r) => r.solver) });
  try {
    await runCompare(false);
  } finally {
    compareStore.set({ picked });
  }
  const after = figures(compareStore.get().rows);
  const lines: string[] = [];
  for (const [region, bySolver] of after) {
    const was = before.get(region);
    const parts = [...bySolver].map(([solver, now]) => {
      const then = was?.get(solver);
      return `${solver} ${then === undefined ? '–' : then.toFixed(2)} → ${now.toFixed(2)}`;
    });
    lines.push(`${region} crossings per ${THROUGHPUT_TURNS} turns: ${parts.join(', ')}`);
  }
  return lines.length > 0 ? `Comparison run again: ${lines.join('; ')}.` : 'Comparison run again.';
}
