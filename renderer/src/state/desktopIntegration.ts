/**
 * The desktop app's extras, wired once at start-up: native menu commands run the same actions
 * as the buttons and shortcuts; files main opened (Open Recent) load like any other; main is
 * told the document's name and unsaved state (window title, close prompt). Nothing happens in
 * the browser edition.
 */
import { reloadChangedLevel } from '../level/levelImportState.ts';
import type { MenuCommand } from '../../../core/platform/desktopApi.ts';
import { openVideoExport } from '../video/videoExport.ts';
import { desktopApi } from '../platform/index.ts';
import { isDirty, onMarkedClean } from '../autosave/autosave.ts';
import { editorStore } from './editorState.ts';
import { redo, undo } from './editActions.ts';
import { addUnitsFromScenario, exportSolutionText, newScenario, openFileContent, openMapFile, openScenarioFile, saveMapFile, saveScenarioFile } from '../documents/fileActions.ts';
import { model } from './session.ts';
import { exportLorr, exportPlanViz, exportReplayFile, exportUnitsScen } from '../documents/exportActions.ts';
import { cancelSolve, solveCurrent } from '../solve/solveActions.ts';
import { viewStore } from '../lab/viewMode.ts';
import { openExperiment, saveExperiment } from '../lab/experimentFile.ts';

export function runMenuCommand(command: MenuCommand): void {
  switch (command) {
    case 'new':
      return newScenario();
    // In the lab, the File menu's Open and Save act on the experiment being edited.
    case 'open':
      return void (viewStore.get().view === 'lab' ? openExperiment() : openScenarioFile());
    case 'save':
      return void (viewStore.get().view === 'lab' ? saveExperiment() : saveScenarioFile());
    case 'save-as':
      return void (viewStore.get().view === 'lab' ? saveExperiment(true) : saveScenarioFile({ saveAs: true }));
    case 'open-map':
      return void openMapFile();
    case 'save-map':
      return void saveMapFile();
    case 'units-from-scen':
      return void addUnitsFromScenario();
    case 'export-plan':
      return void exportSolutionText();
    case 'export-replay':
      return void exportReplayFile();
    case 'export-planviz':
      return void exportPlanViz();
    case 'export-lorr':
      return void exportLorr();
    case 'export-scen':
      return void exportUnitsScen();
    case 'export-video':
      return openVideoExport();
    case 'undo':
      return undo();
    case 'redo':
      return redo();
    case 'solve':
      return void solveCurrent();
    case 'cancel':
      return cancelSolve();
    case 'toggle-json':
      return editorStore.set({ jsonOpen: !editorStore.get().jsonOpen });
    case 'save-and-close':
      void saveScenarioFile().then((saved) => {
        if (saved) desktopApi?.closeWindow();
      });
      return;
  }
}

export function startDesktopIntegration(): void {
  const api = desktopApi;
  if (!api) return;
  api.onMenuCommand(runMenuCommand);
  api.onFileOpened((file) => void openFileContent(file));
  api.onLevelChanged?.((path) => void reloadChangedLevel(path));
  let reported = '';
  const report = () => {
    const state = { name: model.document.name, dirty: isDirty() };
    const key = `${state.dirty ? 1 : 0}${state.name}`;
    if (key === reported) return;
    reported = key;
    api.setDocumentState(state);
  };
  model.subscribe(report);
  onMarkedClean(report);
  report();
}
