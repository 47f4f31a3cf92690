/**
 * The Compare view: the comparison full width below the map, so every column has room (at
 * 1280x800 a table with a few regions fits without scrolling). Its top edge is dragged to
 * resize it (or moved with the arrow keys when focused); the height is kept for the session.
 */
import { useSlice } from '../state/store.ts';
import { compareStore } from './compareState.ts';
import { ComparePanel } from './ComparePanel.tsx';

const MIN_HEIGHT = 120;

function clampHeight(height: number): number {
  return Math.round(Math.max(MIN_HEIGHT, Math.min(height, window.innerHeight - 200)));
}

export function CompareDock() {
  const docked = useSlice(compareStore, (s) => s.docked);
  const height = useSlice(compareStore, (s) => s.dockHeight);
  if (!docked) return null;
  const startDrag = (event: React.PointerEvent<HTMLDivElement>) => {
    const startY = event.clientY;
    const startHeight = height;
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    const move = (e: PointerEvent) => compareStore.set({ dockHeight: clampHeight(startHeight + startY - e.clientY) });
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
  };
  return (
    <section className="compare-dock" style={{ height }} data-testid="compare-dock" aria-label="Compare view">
      <div
        className="compare-dock-handle"
        role="separator"
        aria-orientation="horizontal"
        aria-label="Resize the Compare view"
        aria-valuenow={height}
        tabIndex={0}
        onPointerDown={startDrag}
        onKeyDown={(e) => {
          if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
            e.preventDefault();
            e.stopPropagation();
            compareStore.set({ dockHeight: clampHeight(height + (e.key === 'ArrowUp' ? 40 : -40)) });
          }
        }}
        data-testid="compare-dock-handle"
        title="Drag to resize"
      />
      <div className="compare-dock-body">
        <ComparePanel inDock />
      </div>
    </section>
  );
}
