/**
 * The run behind the chart point last clicked, with what can be done with it: open its replay in
 * the editor, or save its replay file (core/replayFile's format) straight from the lab.
 */
import { useSlice } from '../state/store.ts';
import { Store } from '../state/store.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import { openReplay, saveRunReplay } from './labActions.ts';
import { sweepStore } from './sweep.ts';

/** The picked run and the definition it belongs to (an edited definition hides it). */
export const pickedRunStore = new Store<{ record: RunRecord | null; hash: string | null }>({ record: null, hash: null });

export function pickRun(record: RunRecord): void {
  pickedRunStore.set({ record, hash: sweepStore.get().hash });
}

export function PickedRun() {
  const { record, hash } = useSlice(pickedRunStore, (s) => s);
  const current = useSlice(sweepStore, (s) => s.hash);
  if (!record || hash !== current) return null;
  const success = Number.isFinite(record.successRate) ? `${Math.round(record.successRate * 100)}% at their goals` : record.status;
  return (
    <div className="lab-row lab-picked" data-testid="lab-picked-run" data-run={record.id} style={{ alignItems: 'center' }}>
      <span>
        Run {record.id}: <strong>{record.label}</strong>, {record.map}#{record.instance}, {record.agents} agents, {record.status} ({success})
      </span>
      <button type="button" onClick={() => void openReplay(record)} data-testid="lab-open-replay">Open replay</button>
      <button type="button" onClick={() => void saveRunReplay(record)} data-testid="lab-save-replay" title="Solve this run in the editor and save its replay file (MAPF Lab replay JSON)">Save replay file…</button>
      <button type="button" aria-label="Close" onClick={() => pickedRunStore.set({ record: null })}>×</button>
    </div>
  );
}
