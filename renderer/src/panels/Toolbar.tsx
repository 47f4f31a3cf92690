/** File actions, with their keyboard shortcuts (Ctrl/Cmd+O open map, Ctrl/Cmd+S save map). */
import { useEffect } from 'react';
import { addUnitsFromScenario, openMapFile, saveMapFile, UNITS_FROM_SCENARIO } from '../state/fileActions.ts';

export function Toolbar() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'o') {
        event.preventDefault();
        void openMapFile();
      } else if (key === 's') {
        event.preventDefault();
        void saveMapFile();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <nav className="toolbar" aria-label="File">
      <button type="button" onClick={() => void openMapFile()} title="Open a Moving AI .map (Ctrl+O)" data-testid="open-map">
        Open map…
      </button>
      <button type="button" onClick={() => void addUnitsFromScenario()} title={`Place the first ${UNITS_FROM_SCENARIO} units of a Moving AI .scen`} data-testid="add-units">
        Add units from .scen…
      </button>
      <button type="button" onClick={() => void saveMapFile()} title="Save the map as a Moving AI .map (Ctrl+S)" data-testid="save-map">
        Save map…
      </button>
    </nav>
  );
}
