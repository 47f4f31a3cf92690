/** The plan's failures as a list: a click jumps to the turn and selects (and follows) the unit. */
import { useMemo } from 'react';
import type { SolveOutcome } from '../solve/solveState.ts';
import { model } from '../state/session.ts';
import { editorStore } from '../state/editorState.ts';
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';
import { seek } from '../state/replayState.ts';
import { lastTurn } from '../solve/plan.ts';
import { setFollow } from '../replay/follow.ts';
import { failureEntries, type FailureEntry } from './failures.ts';

const MAX_ENTRIES = 100;

function jump(entry: FailureEntry): void {
  const ids = entry.agents.map((i) => model.document.agents[i]?.id).filter((id): id is string => id !== undefined);
  editorStore.set({ selection: ids });
  seek(entry.t, lastTurn());
  if (ids.length === 1) setFollow(true);
}

export function FailuresList({ outcome }: { outcome: SolveOutcome }) {
  const agents = useSlice(modelStore, (s) => s.agents);
  const entries = useMemo(
    () => failureEntries(model.document.grid, outcome.paths, outcome.goals, agents.map((a) => a.name), outcome.conflicts, outcome.conflictMarks),
    [outcome, agents],
  );
  if (entries.length === 0) return null;
  const unarrived = entries.filter((e) => e.kind === 'unarrived').length;
  return (
    <div className="failures" data-testid="failures">
      <p className="conflicts" data-testid="failures-summary">
        {unarrived > 0 ? `${unarrived} of ${outcome.paths.length} units did not arrive` : ''}
        {unarrived > 0 && entries.length > unarrived ? '; ' : ''}
        {entries.length > unarrived ? `${entries.length - unarrived} conflicts` : ''}. Click one to see it.
      </p>
      <ul>
        {entries.slice(0, MAX_ENTRIES).map((entry, k) => (
          <li key={k}>
            <button type="button" className="link" onClick={() => jump(entry)} data-testid={`failure-${k}`} title={`Turn ${entry.t}`}>
              {entry.text}
            </button>
          </li>
        ))}
      </ul>
      {entries.length > MAX_ENTRIES && <p className="muted">First {MAX_ENTRIES} of {entries.length}.</p>}
    </div>
  );
}
