/**
 * The replay player: play/pause (Space), step (← →), scrub, speed, loop, overlays, and the
 * timeline's marks: arrivals and collisions always; replans, priority overrides and map changes
 * when the solver ran in the simulator and sent its replay (analysis.source 'simulator'); and
 * where the run's units locked for good, a mark at the turn the lock began with its words.
 */
import { replayStore, seek, SPEEDS } from '../state/replayState.ts';
import { useSlice } from '../state/store.ts';
import { lastTurn, useCurrentOutcome } from '../solve/plan.ts';
import { setPlaying } from '../replay/player.ts';
import { groupMarks } from '../replay/analysis.ts';
import { useMemo } from 'react';
import type { TimelineMarkKind } from '../replay/analysis.ts';

/** Colours of the marks styles.css does not define (the ones only the simulator's replay has). */
const MARK_COLOURS: Partial<Record<TimelineMarkKind, string>> = { override: '#c58af9', 'map-change': '#8ab4f8' };
import { editorStore } from '../state/editorState.ts';
import { setFollow } from '../replay/follow.ts';
import { describePlanWindow, selectedPlanWindow } from '../replay/windowOverlay.ts';
import { windowEnd } from '../../../core/contract/planWindows.ts';
import { model } from '../state/session.ts';
import { lockStart, placeLockWords } from '../../../core/simulation/gridlock.ts';
import { modelStore } from '../state/modelStore.ts';

export function ReplayBar() {
  const outcome = useCurrentOutcome();
  const t = useSlice(replayStore, (s) => s.t);
  const playing = useSlice(replayStore, (s) => s.playing);
  const speed = useSlice(replayStore, (s) => s.speed);
  const loop = useSlice(replayStore, (s) => s.loop);
  const trails = useSlice(replayStore, (s) => s.trails);
  const labels = useSlice(replayStore, (s) => s.labels);
  const heat = useSlice(replayStore, (s) => s.heat);
  const flow = useSlice(replayStore, (s) => s.flow);
  const pathsSelected = useSlice(replayStore, (s) => s.paths === 'selected');
  const follow = useSlice(replayStore, (s) => s.follow);
  const windows = useSlice(replayStore, (s) => s.windows);
  const selected = useSlice(editorStore, (s) => s.selection.length > 0);
  const selection = useSlice(editorStore, (s) => s.selection);
  const turns = outcome?.analysis.turns ?? 0;
  const hasWindows = outcome?.replay?.windows !== undefined;
  // The selected unit's window at this turn, named beside the toggle (the map shades its cells).
  const planWindow = windows && hasWindows ? selectedPlanWindow(outcome?.replay?.windows, model.document.agents, selection, t) : null;
  const disabled = turns === 0;
  // t may be past the end of a newer, shorter plan until the next seek.
  const turn = Math.min(Math.floor(t), turns);
  const marks = useMemo(() => groupMarks(outcome?.analysis.marks ?? []), [outcome]);
  // A run that locked says so in its message ("gridlock from turn 41: …"): its start is marked.
  const regions = useSlice(modelStore, (s) => s.regions);
  const lock = useMemo(() => lockStart(placeLockWords(outcome?.message, regions)), [outcome, regions]);

  return (
    <div className="replay-bar" data-testid="replay-bar" aria-label="Replay">
      <button type="button" onClick={() => setPlaying(!playing, lastTurn)} disabled={disabled} title="Play / pause (Space)" data-testid="play">
        {playing ? 'Pause' : 'Play'}
      </button>
      <button type="button" onClick={() => seek(t - 1, turns)} disabled={disabled} title="Step back (←)" data-testid="step-back">
        ◀
      </button>
      <button type="button" onClick={() => seek(t + 1, turns)} disabled={disabled} title="Step forward (→)" data-testid="step-forward">
        ▶
      </button>
      <div className="timeline">
        <input
          type="range"
          min={0}
          max={turns}
          step={1}
          value={turn}
          disabled={disabled}
          onChange={(e) => {
            setPlaying(false, lastTurn);
            seek(Number(e.target.value), turns);
          }}
          aria-label="Turn"
          data-testid="timeline"
        />
        <div className="marks" aria-hidden="true">
          {turns > 0 &&
            marks.map((m, i) => (
              <span key={i} className={`mark mark-${m.kind}`} style={{ left: `${(m.t / turns) * 100}%`, background: MARK_COLOURS[m.kind] }} title={`t=${m.t}: ${m.text}`} data-kind={m.kind} data-count={m.count} />
            ))}
        </div>
        {turns > 0 && lock && lock.t <= turns && (
          <span
            className="mark-gridlock"
            role="img"
            style={{ left: `${(lock.t / turns) * 100}%` }}
            title={`t=${lock.t}: ${lock.words}`}
            aria-label={`t=${lock.t}: ${lock.words}`}
            data-testid="timeline-gridlock"
            data-t={lock.t}
          />
        )}
      </div>
      <span className="turn" data-testid="turn">
        t = {turn} / {turns}
      </span>
      <label title="Turns per second">
        <select value={speed} onChange={(e) => replayStore.set({ speed: Number(e.target.value) })} data-testid="speed">
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input type="checkbox" checked={loop} onChange={(e) => replayStore.set({ loop: e.target.checked })} /> Loop
      </label>
      <label className="check" title="T">
        <input type="checkbox" checked={trails} onChange={(e) => replayStore.set({ trails: e.target.checked })} /> Trails
      </label>
      <label className="check" title="N">
        <input type="checkbox" checked={labels} onChange={(e) => replayStore.set({ labels: e.target.checked })} data-testid="labels-toggle" /> Labels
      </label>
      <label className="check" title={selected ? 'Keep the selected unit at the centre of the view (C)' : 'Select a unit to follow it (C)'}>
        <input type="checkbox" checked={follow} disabled={!selected && !follow} onChange={(e) => setFollow(e.target.checked)} data-testid="follow-toggle" /> Follow <kbd>C</kbd>
      </label>
      <label className="check" title="Congestion: waiting turns and blocked moves per cell (H)">
        <input type="checkbox" checked={heat} onChange={(e) => replayStore.set({ heat: e.target.checked })} data-testid="heatmap-toggle" /> Heat map
      </label>
      <label className="check" title="Draw the paths of the selected units and the one under the pointer only (on a crowded map); otherwise every path up to 64 units">
        <input type="checkbox" checked={pathsSelected} onChange={(e) => replayStore.set({ paths: e.target.checked ? 'selected' : 'all' })} data-testid="paths-selected-toggle" /> Selected paths
      </label>
      <label className="check" title="Arrows: the net direction units moved through each cell">
        <input type="checkbox" checked={flow} onChange={(e) => replayStore.set({ flow: e.target.checked })} data-testid="flow-toggle" /> Flow
      </label>
      <label
        className="check"
        title={hasWindows ? "The selected unit's planning window and reserved cells: shaded from now (+0) to the window's end (outlined)" : 'Solve with CA*, HCA* or WHCA* to see a unit\'s window and reserved cells'}
      >
        <input type="checkbox" checked={windows} disabled={!hasWindows && !windows} onChange={(e) => replayStore.set({ windows: e.target.checked })} data-testid="window-toggle" /> Window
      </label>
      {windows && hasWindows && (
        <span className="muted" data-testid="window-info" title={planWindow ? describePlanWindow(planWindow) : undefined}>
          {planWindow ? `planned t=${planWindow.plannedAt}, to t=${windowEnd(planWindow)}` : selected ? 'no reservation' : 'select a unit'}
        </span>
      )}
    </div>
  );
}
