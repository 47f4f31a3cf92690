/** The application shell: header, the map, and the side panel. */
import { MapView } from './canvas/MapView.tsx';
import { SolvePanel } from './panels/SolvePanel.tsx';
import { Toolbar } from './panels/Toolbar.tsx';
import { NoticeBar } from './panels/NoticeBar.tsx';
import { labStore } from './state/labState.ts';
import { useSlice } from './state/store.ts';
import { solverService } from './platform/index.ts';

export function App() {
  const name = useSlice(labStore, (s) => s.scenarioName);
  const instance = useSlice(labStore, (s) => s.instance);
  return (
    <div className="app">
      <header className="app-header">
        <h1>MAPF Lab</h1>
        <Toolbar />
        <span className="scenario-name" data-testid="scenario-name">{name}</span>
        <span className="scenario-meta" data-testid="scenario-meta">
          {instance.grid.width}×{instance.grid.height}, {instance.agents.length} units, {instance.movement.connectivity}-connected
        </span>
        <span className="edition" data-testid="edition">
          {solverService.edition === 'desktop' ? 'Desktop' : 'Browser edition'}
        </span>
      </header>
      <NoticeBar />
      <main className="workspace">
        <MapView />
        <aside className="side">
          <SolvePanel />
        </aside>
      </main>
    </div>
  );
}
