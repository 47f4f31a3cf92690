/** The application shell: header and toolbar, tools, the map, side panels, replay and status bars. */
import { MapView } from './canvas/MapView.tsx';
import { SolvePanel } from './panels/SolvePanel.tsx';
import { Toolbar } from './panels/Toolbar.tsx';
import { NoticeBar } from './panels/NoticeBar.tsx';
import { ToolPalette } from './panels/ToolPalette.tsx';
import { StatusBar } from './panels/StatusBar.tsx';
import { UnitsPanel } from './panels/UnitsPanel.tsx';
import { ScenarioPanel } from './panels/ScenarioPanel.tsx';
import { EventsPanel } from './panels/EventsPanel.tsx';
import { ObstaclesPanel } from './panels/ObstaclesPanel.tsx';
import { RegionsPanel } from './panels/RegionsPanel.tsx';
import { StreamsPanel } from './panels/StreamsPanel.tsx';
import { CapacityPanel } from './capacity/CapacityPanel.tsx';
import { ComparePanel } from './compare/ComparePanel.tsx';
import { CompareDock } from './compare/CompareDock.tsx';
import { HelpOverlay, helpStore } from './shortcuts/HelpOverlay.tsx';
import { ThemeToggle } from './panels/ThemeToggle.tsx';
import { AskDialog } from './panels/AskDialog.tsx';
import { LevelImportDialog } from './level/LevelImportDialog.tsx';
import { ResultsPanel } from './panels/ResultsPanel.tsx';
import { GeneratePanel } from './panels/GeneratePanel.tsx';
import { ReplayBar } from './panels/ReplayBar.tsx';
import { ThroughputChart } from './panels/ThroughputChart.tsx';
import { LorrFilesPrompt } from './lorr/LorrFilesPrompt.tsx';
import { modelStore } from './state/modelStore.ts';
import { useSlice } from './state/store.ts';
import { solverService } from './platform/index.ts';
import { useShortcuts } from './shortcuts/useShortcuts.ts';
import { editorStore } from './state/editorState.ts';
import { lazy, Suspense, useEffect } from 'react';
import { installFollow } from './replay/follow.ts';
import { toggleView, viewStore } from './lab/viewMode.ts';
import { useLabShortcut } from './lab/labKeys.ts';
import { videoExportStore } from './video/videoExport.ts';

// Monaco is large: the JSON editor loads the first time it is opened.
// Monaco is large: loaded when the JSON panel first opens, its JSON mode before the editor mounts.
const JsonPanel = lazy(async () => {
  const [panel, setup] = await Promise.all([import('./json/JsonPanel.tsx'), import('./json/monacoSetup.ts')]);
  await setup.loadJsonMode();
  return panel;
});
// Replay to video (its encoders are large) loads the first time it is opened.
const VideoExportDialog = lazy(() => import('./video/VideoExportDialog.tsx').then((m) => ({ default: m.VideoExportDialog })));
// The lab (experiments, charts) loads the first time it is opened.
const LabView = lazy(() => import('./lab/LabView.tsx').then((m) => ({ default: m.LabView })));

export function App() {
  useShortcuts();
  useEffect(installFollow, []);
  useLabShortcut();
  const view = useSlice(viewStore, (s) => s.view);
  const name = useSlice(modelStore, (s) => s.name);
  const width = useSlice(modelStore, (s) => s.width);
  const height = useSlice(modelStore, (s) => s.height);
  const units = useSlice(modelStore, (s) => s.agents.length);
  const connectivity = useSlice(modelStore, (s) => s.movement.connectivity);
  const jsonOpen = useSlice(editorStore, (s) => s.jsonOpen);
  const videoOpen = useSlice(videoExportStore, (s) => s.open);
  return (
    <div className="app">
      <header className="app-header">
        <h1>MAPF Lab</h1>
        <div className="view-switch" role="group" aria-label="View">
          <button type="button" aria-pressed={view === 'editor'} onClick={() => view !== 'editor' && toggleView()} data-testid="view-editor" title="Scenario editor (Ctrl+Shift+L switches)">Editor</button>
          <button type="button" aria-pressed={view === 'lab'} onClick={() => view !== 'lab' && toggleView()} data-testid="view-lab" title="Experiments and charts (Ctrl+Shift+L switches)">Lab</button>
        </div>
        {/* The scenario's file actions; the lab has its own Open and Save for experiments (two of each showed there). */}
        {view === 'editor' && <Toolbar />}
        <div className="scenario-title" title={`${name}: ${width}×${height}, ${units} units, ${connectivity}-connected`}>
          <span className="scenario-name" data-testid="scenario-name">{name}</span>
          <span className="scenario-meta" data-testid="scenario-meta">
            {width}×{height}, {units} units, {connectivity}-connected
          </span>
          <span className="edition" data-testid="edition">
            {solverService.edition === 'desktop' ? 'Desktop' : 'Browser edition'}
          </span>
          <ThemeToggle />
          <button type="button" className="help-button" onClick={() => helpStore.set({ open: true })} title="Keyboard shortcuts (?)" aria-label="Keyboard shortcuts" data-testid="help-open">
            ?
          </button>
        </div>
      </header>
      {view === 'lab' ? (
        <>
        <NoticeBar />
        <Suspense fallback={<main className="lab">Loading the lab…</main>}>
          <LabView />
        </Suspense>
        </>
      ) : (
      <>
      <ToolPalette />
      <NoticeBar />
      <main className="workspace">
        <MapView />
        {jsonOpen && (
          <Suspense fallback={<section className="json-panel">Loading the JSON editor…</section>}>
            <JsonPanel />
          </Suspense>
        )}
        <aside className="side">
          <LorrFilesPrompt />
          <SolvePanel />
          <UnitsPanel />
          <ResultsPanel />
          <ComparePanel />
          <RegionsPanel />
          <StreamsPanel />
          <CapacityPanel />
          <EventsPanel />
          <ObstaclesPanel />
          <ScenarioPanel />
          <GeneratePanel />
        </aside>
      </main>
      <CompareDock />
      <ReplayBar />
      <ThroughputChart />
      {/* The editor's cursor, tool hint and zoom: meaningless in the lab, where they showed. */}
      <StatusBar />
      </>
      )}
      <HelpOverlay />
      <AskDialog />
      <LevelImportDialog />
      {videoOpen && (
        <Suspense fallback={null}>
          <VideoExportDialog />
        </Suspense>
      )}
    </div>
  );
}
