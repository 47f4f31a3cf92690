/** The plan on screen: the last solve's outcome while the scenario is unchanged since it was asked for. */
import { solveStore, type SolveOutcome } from './solveState.ts';
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';

export function currentOutcome(): SolveOutcome | null {
  const outcome = solveStore.get().outcome;
  return outcome && outcome.revision === modelStore.get().planRevision ? outcome : null;
}

export function useCurrentOutcome(): SolveOutcome | null {
  const outcome = useSlice(solveStore, (s) => s.outcome);
  const revision = useSlice(modelStore, (s) => s.planRevision);
  return outcome && outcome.revision === revision ? outcome : null;
}

/** The replay's last turn (0 without a plan). */
export function lastTurn(): number {
  return currentOutcome()?.analysis.turns ?? 0;
}
