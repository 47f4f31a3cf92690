/**
 * The last error or information message, until dismissed. Its row is kept while no message shows
 * (a longer message spills over what is below): a bar that came and went with the message pushed
 * the map down and pulled it up again, so the cell under the pointer changed while drawing.
 */
import { solveStore, visibleNotice } from '../solve/solveState.ts';
import { useSlice } from '../state/store.ts';
import { viewStore } from '../lab/viewMode.ts';
import { modelStore } from '../state/modelStore.ts';

export function NoticeBar() {
  const view = useSlice(viewStore, (s) => s.view);
  const revision = useSlice(modelStore, (s) => s.revision);
  const notice = visibleNotice(useSlice(solveStore, (s) => s.notice), view, revision);
  if (!notice) return <div className="notice-slot" data-testid="notice-slot" />;
  return (
    <div className="notice-slot" data-testid="notice-slot">
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
