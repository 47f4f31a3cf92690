/** File actions, each with its shortcut in the tooltip. */
import { exportPlanViz, exportReplayFile, exportUnitsScen } from '../state/exportActions.ts';
import { useCurrentOutcome } from '../state/plan.ts';
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';
import { addUnitsFromScenario, newScenario, openMapFile, openScenarioFile, saveMapFile, saveScenarioFile, UNITS_FROM_SCENARIO } from '../state/fileActions.ts';

export function Toolbar() {
  const outcome = useCurrentOutcome();
  const units = useSlice(modelStore, (s) => s.agents.length);
  const noPlan = !outcome || outcome.paths.length === 0;
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
      <span className="separator" />
      <button type="button" onClick={() => void openMapFile()} title="Open a Moving AI .map" data-testid="open-map">
        Map…
      </button>
      <button type="button" onClick={() => void addUnitsFromScenario()} title={`Place the first ${UNITS_FROM_SCENARIO} units of a Moving AI .scen (one undo step)`} data-testid="add-units">
        Units from .scen…
      </button>
      <button type="button" onClick={() => void saveMapFile()} title="Save the map as a Moving AI .map (Ctrl+Shift+S)" data-testid="save-map">
        Save .map
      </button>
      <span className="separator" />
      <span className="toolbar-label">Export</span>
      <button type="button" onClick={() => void exportReplayFile()} disabled={noPlan} title="Save the replay as MAPF Lab replay JSON (map, units, positions per turn, events, solver, metrics)" data-testid="export-replay">
        Replay
      </button>
      <button type="button" onClick={() => void exportPlanViz()} disabled={noPlan} title="Save the plan for PlanViz (format planviz, schema_version 1; 4-connected plans)" data-testid="export-planviz">
        PlanViz
      </button>
      <button type="button" onClick={() => void exportUnitsScen()} disabled={units === 0} title="Save the units as a Moving AI .scen (optimal lengths: 8-connected, no corner cutting)" data-testid="export-scen">
        .scen
      </button>
    </nav>
  );
}
