/** File actions, each with its shortcut in the tooltip, and the Export menu. */
import { exportLorr, exportPlanViz, exportReplayFile, exportUnitsScen } from '../documents/exportActions.ts';
import { useCurrentOutcome } from '../solve/plan.ts';
import { openVideoExport } from '../video/videoExport.ts';
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';
import { openLevelImport } from '../level/levelImportState.ts';
import { exportLevelMarks } from '../level/levelMarksExport.ts';
import { model } from '../state/session.ts';
import { exportSolutionText, addUnitsFromScenario, newScenario, openFileContent, openMapFile, openScenarioFile, saveMapFile, saveScenarioFile, UNITS_FROM_SCENARIO } from '../documents/fileActions.ts';
import { desktopApi } from '../platform/index.ts';
import { clearRecent, recentStore } from '../documents/recentScenarios.ts';

/** The browser edition's Recent menu: the files opened or saved last, kept with their text (the desktop app has File > Open Recent). */
function RecentMenu() {
  const files = useSlice(recentStore, (s) => s.files);
  const choose = (value: string) => {
    if (value === '\u0000clear') return clearRecent();
    const file = recentStore.get().files.find((f) => f.name === value);
    if (file) void openFileContent(file);
  };
  return (
    <select className="recent-menu" value="" onChange={(e) => choose(e.target.value)} title={files.length === 0 ? 'Recent: files you open or save are listed here' : 'Open a file you opened or saved before (kept in this browser)'} aria-label="Recent files" data-testid="recent-files">
      <option value="" disabled>
        Recent…
      </option>
      {files.length === 0 && <option disabled>No recent files</option>}
      {files.map((f) => (
        <option key={f.name} value={f.name}>
          {f.name}
        </option>
      ))}
      {files.length > 0 && <option value={'\u0000clear'}>Clear recent</option>}
    </select>
  );
}

type ExportKind = 'replay' | 'planviz' | 'lorr' | 'solution' | 'scen' | 'video' | 'level-marks';

function runExport(kind: ExportKind): void {
  if (kind === 'replay') void exportReplayFile();
  else if (kind === 'planviz') void exportPlanViz();
  else if (kind === 'lorr') void exportLorr();
  else if (kind === 'solution') void exportSolutionText();
  else if (kind === 'scen') void exportUnitsScen();
  else if (kind === 'video') openVideoExport();
  else if (kind === 'level-marks') void exportLevelMarks();
}

export function Toolbar() {
  const outcome = useCurrentOutcome();
  const units = useSlice(modelStore, (s) => s.agents.length);
  const noPlan = !outcome || outcome.paths.length === 0;
  const levelSource = useSlice(modelStore, (s) => (s.revision >= 0 ? model.document.source?.path ?? null : null));
  const tiledSource = useSlice(modelStore, (s) => s.revision >= 0 && (model.document.source?.format === 'tiled-json' || model.document.source?.format === 'tiled-xml'));
  return (
    <nav className="toolbar" aria-label="File">
      <button type="button" onClick={newScenario} title="New scenario (Alt+N)" data-testid="new-scenario">
        New
      </button>
      <button type="button" onClick={() => void openScenarioFile()} title="Open a scenario .json or a Moving AI .map (Ctrl+O)" data-testid="open-scenario">
        Open…
      </button>
      <button type="button" onClick={() => void saveScenarioFile()} title="Save the scenario as JSON (Ctrl+S)" data-testid="save-scenario">
        Save
      </button>
      {!desktopApi && <RecentMenu />}
      <span className="separator" />
      <button type="button" onClick={() => void openMapFile()} title="Open a Moving AI .map" data-testid="open-map">
        Map…
      </button>
      <button type="button" onClick={() => void openLevelImport()} title="Import a level: a Tiled map (.tmx, .tmj) with its tilesets, an LDtk project (.ldtk) with its levels, or a floor plan (PNG, JPEG, WebP); pick the map and the files it names together" data-testid="open-level">
        Level…
      </button>
      <button type="button" disabled={levelSource === null} onClick={() => void openLevelImport(false, 'reload')} title={levelSource === null ? 'Reload from source: this scenario was not imported from a level' : `Reload from source: pick ${levelSource} (and its tilesets) again to read the changed level with the same choices`} data-testid="reload-level">
        Reload level
      </button>
      <button type="button" onClick={() => void addUnitsFromScenario()} title={`Place the first K units of a Moving AI .scen; it asks how many (${UNITS_FROM_SCENARIO} unless you say; one undo step)`} data-testid="add-units">
        Units from .scen…
      </button>
      <button type="button" onClick={() => void saveMapFile()} title="Save the map as a Moving AI .map (Ctrl+Shift+S)" data-testid="save-map">
        Save .map
      </button>
      <span className="separator" />
      <select
        className="export-menu"
        value=""
        onChange={(e) => runExport(e.target.value as ExportKind)}
        title="Export the replay, the plan or the units for other tools; the replay as a video (Ctrl+Shift+E)"
        aria-label="Export"
        data-testid="export-menu"
      >
        <option value="" disabled>
          Export…
        </option>
        <option value="replay" disabled={noPlan}>
          Replay (MAPF Lab .json)
        </option>
        <option value="planviz" disabled={noPlan}>
          Plan for PlanViz Qt (interchange .json)
        </option>
        <option value="lorr" disabled={noPlan}>
          Plan for PlanViz run.py (LoRR 2023 .json)
        </option>
        <option value="solution" disabled={noPlan}>
          Plan for mapf-visualizer (.txt)
        </option>
        <option value="video" disabled={noPlan}>
          Replay as video (GIF, MP4, WebM)…
        </option>
        <option value="scen" disabled={units === 0}>
          Units as Moving AI .scen
        </option>
        <option value="level-marks" disabled={!tiledSource}>
          Marks into the Tiled map (.tmj/.tmx, heat map .png)
        </option>
      </select>
    </nav>
  );
}
