/** The last error or information message, until dismissed. */
import { labStore } from '../state/labState.ts';
import { useSlice } from '../state/store.ts';

export function NoticeBar() {
  const notice = useSlice(labStore, (s) => s.notice);
  if (!notice) return null;
  return (
    <div className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'} data-testid="notice" data-kind={notice.kind}>
      <span>{notice.text}</span>
      {notice.actions?.map((action) => (
        <button key={action.testId} type="button" onClick={action.run} data-testid={action.testId}>
          {action.label}
        </button>
      ))}
      <button type="button" className="dismiss" aria-label="Dismiss" onClick={() => labStore.set({ notice: null })}>
        ×
      </button>
    </div>
  );
}
