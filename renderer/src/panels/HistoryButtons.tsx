/** Undo and redo, labelled with the command they revert ("Undo paint"). */
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';
import { redo, undo } from '../state/editActions.ts';

export function HistoryButtons() {
  const undoLabel = useSlice(modelStore, (s) => s.undoLabel);
  const redoLabel = useSlice(modelStore, (s) => s.redoLabel);
  return (
    <div className="history-buttons">
      <button type="button" onClick={undo} disabled={undoLabel === null} title={undoLabel ? `Undo ${undoLabel} (Ctrl+Z)` : 'Undo (Ctrl+Z)'} data-testid="undo">
        {undoLabel ? `Undo ${undoLabel}` : 'Undo'}
      </button>
      <button type="button" onClick={redo} disabled={redoLabel === null} title={redoLabel ? `Redo ${redoLabel} (Ctrl+Shift+Z, Ctrl+Y)` : 'Redo (Ctrl+Shift+Z, Ctrl+Y)'} data-testid="redo">
        {redoLabel ? `Redo ${redoLabel}` : 'Redo'}
      </button>
    </div>
  );
}
