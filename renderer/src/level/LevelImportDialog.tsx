/**
 * The level import dialog: the picked level's layers (Tiled), level and IntGrid values (LDtk) or
 * threshold, pixels per cell and crop (an image), cells per tile, and a live preview of the grid
 * with the units, regions, spawners and exits its objects place, so the designer sees what will
 * block before importing. Why the importer guessed what it did, and what it dropped, is listed.
 */
import { useEffect, useRef } from 'react';
import type { LevelImport } from '../../../core/level/tiledImport.ts';
import { useSlice } from '../state/store.ts';
import { type LevelImportState, closeLevelImport, confirmLevelImport, levelImportStore, setLevelChoices } from './levelImportState.ts';

const PREVIEW_BOX = 420;

function drawPreview(canvas: HTMLCanvasElement, level: LevelImport): void {
  const { grid, things } = level;
  const scale = Math.max(1, Math.floor(PREVIEW_BOX / Math.max(grid.width, grid.height)));
  canvas.width = grid.width * scale;
  canvas.height = grid.height * scale;
  const context = canvas.getContext('2d');
  if (!context) return;
  const image = context.createImageData(grid.width, grid.height);
  for (let i = 0; i < grid.width * grid.height; i++) {
    const v = grid.passable[i] === 1 ? 236 : 40;
    image.data.set([v, v, v, 255], i * 4);
  }
  const pixels = document.createElement('canvas');
  pixels.width = grid.width;
  pixels.height = grid.height;
  pixels.getContext('2d')?.putImageData(image, 0, 0);
  context.imageSmoothingEnabled = false;
  context.drawImage(pixels, 0, 0, canvas.width, canvas.height);
  const box = (from: readonly number[], to: readonly number[], colour: string) => {
    context.strokeStyle = colour;
    context.lineWidth = Math.max(1, scale / 4);
    const x0 = Math.min(from[0], to[0]);
    const y0 = Math.min(from[1], to[1]);
    context.strokeRect(x0 * scale, y0 * scale, (Math.abs(to[0] - from[0]) + 1) * scale, (Math.abs(to[1] - from[1]) + 1) * scale);
  };
  for (const r of things.regions) box(r.from, r.to, '#d62828');
  for (const s of things.spawners) if (s.area.from && s.area.to) box(s.area.from, s.area.to, '#2b9348');
  for (const e of things.exits) if (e.area.from && e.area.to) box(e.area.from, e.area.to, '#7b2cbf');
  context.fillStyle = '#1d70b8';
  for (const a of things.agents) {
    context.beginPath();
    context.arc((a.start[0] + 0.5) * scale, (a.start[1] + 0.5) * scale, Math.max(1.5, scale * 0.35), 0, Math.PI * 2);
    context.fill();
  }
}

function summary(level: LevelImport): string {
  let walls = 0;
  for (let i = 0; i < level.grid.passable.length; i++) if (level.grid.passable[i] === 0) walls++;
  const t = level.things;
  return `${level.grid.width} × ${level.grid.height} cells, ${walls} walls; ${t.agents.length} units, ${t.regions.length} regions, ${t.spawners.length} spawners, ${t.exits.length} exits, ${t.events.length} door events`;
}

function toggle(list: readonly string[] | undefined, item: string, on: boolean): string[] {
  const rest = (list ?? []).filter((x) => x !== item);
  return on ? [...rest, item] : rest;
}

function TiledChoices({ state }: { state: LevelImportState }) {
  const { choices } = state;
  return (
    <>
      <h3>Layers</h3>
      <table className="level-layers" data-testid="level-layers">
        <thead><tr><th>layer</th><th>walls</th><th>read if hidden</th></tr></thead>
        <tbody>
          {state.layers.map((layer) => (
            <tr key={layer.path}>
              <td>{layer.path} <span className="muted">({layer.kind === 'tile' ? 'tiles' : 'objects'}{layer.visible ? '' : ', hidden'})</span></td>
              <td><input type="checkbox" aria-label={`${layer.path} blocks`} data-testid={`level-block-${layer.path}`} checked={choices.blockingLayers?.includes(layer.path) ?? false} onChange={(e) => setLevelChoices({ blockingLayers: toggle(choices.blockingLayers, layer.path, e.target.checked) })} /></td>
              <td>{!layer.visible && <input type="checkbox" aria-label={`read ${layer.path}`} data-testid={`level-hidden-${layer.path}`} checked={choices.hiddenLayers?.includes(layer.path) ?? false} onChange={(e) => setLevelChoices({ hiddenLayers: toggle(choices.hiddenLayers, layer.path, e.target.checked) })} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <label><input type="checkbox" checked={choices.tileProperties !== false} onChange={(e) => setLevelChoices({ tileProperties: e.target.checked })} data-testid="level-tile-properties" /> tiles whose property (collides, solid, blocked, wall) or class says they block</label>
      <label><input type="checkbox" checked={choices.collisionShapes !== false} onChange={(e) => setLevelChoices({ collisionShapes: e.target.checked })} data-testid="level-collision-shapes" /> tiles' collision shapes</label>
    </>
  );
}

function LdtkChoices({ state }: { state: LevelImportState }) {
  const { choices, ldtk } = state;
  if (!ldtk) return null;
  const layer = ldtk.intGrids.find((g) => g.identifier === choices.blockingLayers?.[0]);
  return (
    <>
      <label>Level <select value={choices.level ?? ''} onChange={(e) => setLevelChoices({ level: e.target.value })} data-testid="level-ldtk-level">
        {ldtk.levels.map((l) => <option key={l} value={l}>{l}</option>)}
      </select></label>
      <label>IntGrid layer <select value={choices.blockingLayers?.[0] ?? ''} onChange={(e) => setLevelChoices({ blockingLayers: [e.target.value], blockingValues: undefined })} data-testid="level-ldtk-layer">
        {ldtk.intGrids.map((g) => <option key={g.identifier} value={g.identifier}>{g.identifier}</option>)}
      </select></label>
      {layer && <div>Values that block: {layer.values.map((v) => (
        <label key={v}><input type="checkbox" checked={choices.blockingValues?.includes(v) ?? false} onChange={(e) => setLevelChoices({ blockingValues: toggle(choices.blockingValues, v, e.target.checked) })} data-testid={`level-ldtk-value-${v}`} /> {v}</label>
      ))}</div>}
    </>
  );
}

function ImageChoices({ state }: { state: LevelImportState }) {
  const { choices, main } = state;
  const image = main?.image;
  const crop = choices.crop ?? (image ? { x: 0, y: 0, width: image.width, height: image.height } : undefined);
  const whole = (text: string, min: number) => Math.max(min, Math.floor(Number(text) || 0));
  return (
    <>
      <label>Threshold <input type="range" min={0} max={255} value={choices.threshold ?? 128} onChange={(e) => setLevelChoices({ threshold: Number(e.target.value) })} data-testid="level-threshold" /> {choices.threshold ?? 128}</label>
      <label>Pixels per cell <input type="number" min={1} max={256} value={choices.pixelsPerCell ?? 1} onChange={(e) => setLevelChoices({ pixelsPerCell: whole(e.target.value, 1) })} data-testid="level-pixels-per-cell" /></label>
      {crop && (['x', 'y', 'width', 'height'] as const).map((key) => (
        <label key={key}>Crop {key} <input type="number" min={key === 'x' || key === 'y' ? 0 : 1} value={crop[key]} onChange={(e) => setLevelChoices({ crop: { ...crop, [key]: whole(e.target.value, key === 'x' || key === 'y' ? 0 : 1) } })} data-testid={`level-crop-${key}`} /></label>
      ))}
    </>
  );
}

export function LevelImportDialog() {
  const state = useSlice(levelImportStore, (s) => s);
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current && state.preview) drawPreview(canvas.current, state.preview);
  }, [state.preview]);
  if (!state.open) return null;
  const tiled = state.format === 'tiled-json' || state.format === 'tiled-xml';
  return (
    <div className="help-backdrop" data-testid="level-dialog">
      <div className="help-dialog level-dialog" role="dialog" aria-modal="true" aria-label="Import a level"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            closeLevelImport();
          }
        }}
      >
        <header><h2>{state.mode === 'reload' ? 'Reload' : 'Import'} {state.main?.name}</h2></header>
        <div className="level-dialog-body">
          <div className="level-choices">
            {tiled && <TiledChoices state={state} />}
            {state.format === 'ldtk' && <LdtkChoices state={state} />}
            {state.format === 'image' && <ImageChoices state={state} />}
            {state.format !== 'image' && (
              <label>Cells per tile <select value={state.choices.cellsPerTile ?? 1} onChange={(e) => setLevelChoices({ cellsPerTile: Number(e.target.value) })} data-testid="level-cells-per-tile">
                {[1, 2, 3].map((k) => <option key={k} value={k}>{k}</option>)}
              </select></label>
            )}
          </div>
          <div className="level-preview">
            {state.preview && <canvas ref={canvas} data-testid="level-preview" />}
            {state.preview && <p data-testid="level-summary">{summary(state.preview)}</p>}
            {state.error && <p className="error" role="alert" data-testid="level-error">{state.error}</p>}
            {state.preview && state.preview.guessReasons.length > 0 && <p className="muted" data-testid="level-guess">Guessed walls from {state.preview.guessReasons.join('; ')}.</p>}
            {state.preview && state.preview.warnings.length > 0 && <ul className="level-warnings" data-testid="level-warnings">{state.preview.warnings.map((w) => <li key={w}>{w}</li>)}</ul>}
          </div>
        </div>
        <div className="field-row ask-buttons">
          <button type="button" onClick={closeLevelImport} data-testid="level-cancel">Cancel</button>
          <button type="button" className="primary" disabled={!state.preview} onClick={confirmLevelImport} data-testid="level-import">{state.mode === 'reload' ? 'Reload' : 'Import'}</button>
        </div>
      </div>
    </div>
  );
}
