/**
 * The last error or information message, until dismissed. It floats over the top of the map (a
 * slot of no height): a bar that took its own row pushed the map down when it came and pulled it
 * up when it went, so the cell under the pointer changed while the designer was drawing.
 */
import { solveStore, visibleNotice } from '../state/solveState.ts';
import { useSlice } from '../state/store.ts';
import { viewStore } from '../lab/viewMode.ts';
import { modelStore } from '../state/modelStore.ts';

export function NoticeBar() {
  const view = useSlice(viewStore, (s) => s.view);
  const revision = useSlice(modelStore, (s) => s.revision);
  const notice = visibleNotice(useSlice(solveStore, (s) => s.notice), view, revision);
  if (!notice) return null;
  return (
    <div className="notice-slot">
    <div className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'} data-testid="notice" data-kind={notice.kind}>
      <span>{notice.text}</span>
      {notice.actions?.map((action) => (
        <button key={action.testId} type="button" onClick={action.run} data-testid={action.testId}>
          {action.label}
        </button>
      ))}
      <button type="button" className="dismiss" aria-label="Dismiss" onClick={() => solveStore.set({ notice: null })}>
        ×
      </button>
    </div>
    </div>
  );
}
