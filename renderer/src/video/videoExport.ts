/**
 * Replay to video: whether the dialog is open, and the recording's progress. Light on purpose:
 * the dialog, the painter and the encoders (mediabunny, gifenc) load the first time it opens.
 */
import { Store } from '../state/store.ts';
import { currentOutcome } from '../solve/plan.ts';
import { notify } from '../solve/solveState.ts';

export interface VideoExportState {
  open: boolean;
  /** Set while a clip is being recorded: frames done of total. */
  progress: { done: number; total: number } | null;
}

export const videoExportStore = new Store<VideoExportState>({ open: false, progress: null });

/** Opens the dialog (Ctrl+Shift+E, Export menu), or says why not. */
export function openVideoExport(): void {
  const outcome = currentOutcome();
  if (!outcome || outcome.paths.length === 0) {
    notify('error', 'There is no up-to-date plan to record: solve first.');
    return;
  }
  videoExportStore.set({ open: true });
}
