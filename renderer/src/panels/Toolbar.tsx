/** File actions, each with its shortcut in the tooltip. */
import { addUnitsFromScenario, newScenario, openMapFile, openScenarioFile, saveMapFile, saveScenarioFile, UNITS_FROM_SCENARIO } from '../state/fileActions.ts';

export function Toolbar() {
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
    </nav>
  );
}
