/** Cursor cell, the current tool's hint, zoom, and the scenario's size. */
import { TOOLS, editorStore } from '../state/editorState.ts';
import { viewStore } from '../canvas/viewState.ts';
import { useSlice } from '../state/store.ts';

export function StatusBar() {
  const cursor = useSlice(editorStore, (s) => s.cursor);
  const tool = useSlice(editorStore, (s) => s.tool);
  const brush = useSlice(editorStore, (s) => s.brush);
  const selected = useSlice(editorStore, (s) => s.selection.length);
  const cellSize = useSlice(viewStore, (s) => s.view?.cellSize ?? 0);
  const info = TOOLS.find((t) => t.name === tool)!;
  return (
    <footer className="status-bar" data-testid="status-bar">
      <span data-testid="cursor-cell" className="cursor-cell">{cursor ? `x ${cursor.x}, y ${cursor.y}` : '–'}</span>
      <span>
        {info.label}
        {tool === 'pencil' || tool === 'eraser' || tool === 'line' ? ` · brush ${brush}` : ''}: {info.hint}
      </span>
      {selected > 0 && <span>{selected} selected (Delete removes)</span>}
      <span className="zoom">{cellSize.toFixed(cellSize < 4 ? 2 : 0)} px/cell</span>
    </footer>
  );
}
