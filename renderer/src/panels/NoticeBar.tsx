/** The last error or information message, until dismissed. */
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
  );
}
