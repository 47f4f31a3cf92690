/** The map tools and brush size, with their keys ([ and ] change the brush). */
import { TOOLS, editorStore, MAX_BRUSH_UI, setBrush, type ToolName } from '../state/editorState.ts';
import { useSlice } from '../state/store.ts';
import { toolController } from '../canvas/mapPicking.ts';
import { fitView } from '../canvas/viewState.ts';
import { model } from '../state/session.ts';
import { HistoryButtons } from './HistoryButtons.tsx';

function choose(tool: ToolName): void {
  toolController.cancel();
  editorStore.set({ tool });
}

export function ToolPalette() {
  const tool = useSlice(editorStore, (s) => s.tool);
  const brush = useSlice(editorStore, (s) => s.brush);
  const jsonOpen = useSlice(editorStore, (s) => s.jsonOpen);
  return (
    <div className="tool-palette" role="toolbar" aria-label="Map tools">
      <HistoryButtons />
      <span className="separator" />
      {TOOLS.map((t) => (
        <button
          key={t.name}
          type="button"
          className={t.name === tool ? 'active' : ''}
          aria-pressed={t.name === tool}
          onClick={() => choose(t.name)}
          title={`${t.label} (${t.key}): ${t.hint}`}
          data-testid={`tool-${t.name}`}
        >
          {t.label} <kbd>{t.key}</kbd>
        </button>
      ))}
      <label className="brush" title="Brush size ([ and ])">
        Brush
        <input type="number" min={1} max={MAX_BRUSH_UI} value={brush} onChange={(e) => setBrush(Number(e.target.value) || 1)} data-testid="brush-size" />
      </label>
      <button type="button" onClick={() => fitView(model.document.grid.width, model.document.grid.height)} title="Fit the map in the view (0)" data-testid="fit">
        Fit
      </button>
      <button type="button" className={jsonOpen ? 'active json-toggle' : 'json-toggle'} aria-pressed={jsonOpen} onClick={() => editorStore.set({ jsonOpen: !jsonOpen })} title="Show the scenario as JSON (Ctrl+J)" data-testid="toggle-json">
        JSON
      </button>
    </div>
  );
}
