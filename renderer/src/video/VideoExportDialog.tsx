/**
 * The replay-to-video dialog: format (only those this browser can encode), turn range, speed
 * (turns per second, frames per turn), size, the overlays that will show (those on in the replay
 * now), then a progress bar with Cancel while it records. Esc cancels a recording, or closes.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSlice } from '../state/store.ts';
import { replayStore } from '../state/replayState.ts';
import { useCurrentOutcome } from '../solve/plan.ts';
import { modelStore } from '../state/modelStore.ts';
import { model } from '../state/session.ts';
import { editorStore } from '../state/editorState.ts';
import { notify } from '../solve/solveState.ts';
import { slug } from '../../../core/util/names.ts';
import { fileService } from '../platform/index.ts';
import { clipProblem, clipSize, frameCount, framesPerSecond, type ClipTiming } from './clipSchedule.ts';
import { supportedFormats, type FormatChoice } from './videoFormats.ts';
import { ClipCancelled, recordClip } from './recordClip.ts';
import { videoExportStore } from './videoExport.ts';

const SIZES = [320, 480, 640, 960, 1280, 1920];

/** The overlays the clip will show, in the replay bar's words. */
function overlaysShown(): string[] {
  const replay = replayStore.get();
  const doc = model.document;
  const shown = ['units', 'goals'];
  if (replay.paths === 'all' && doc.agents.length <= 64) shown.push('paths');
  else if (editorStore.get().selection.length > 0) shown.push("selected units' paths");
  if (replay.trails) shown.push('trails');
  if (replay.labels) shown.push('unit numbers (cells of 14 px and more)');
  if (replay.heat) shown.push(`heat map (${replay.heatMeasure})`);
  if (replay.flow) shown.push('flow arrows');
  if (replay.windows && editorStore.get().selection.length > 0) shown.push('planning window');
  if (doc.regions.length > 0) shown.push('measured regions');
  if (doc.events.length > 0) shown.push('doors');
  if (doc.obstacles.length > 0) shown.push('moving obstacles');
  return shown;
}

function close(): void {
  videoExportStore.set({ open: false, progress: null });
}

export function VideoExportDialog() {
  const outcome = useCurrentOutcome();
  const mapWidth = useSlice(modelStore, (s) => s.width);
  const mapHeight = useSlice(modelStore, (s) => s.height);
  const progress = useSlice(videoExportStore, (s) => s.progress);
  const last = outcome?.analysis.turns ?? 0;
  const [from, setFrom] = useState('0');
  const [to, setTo] = useState(String(last));
  const [tps, setTps] = useState(String(replayStore.get().speed));
  const [fpt, setFpt] = useState('4');
  const [side, setSide] = useState(640);
  const [formatIndex, setFormatIndex] = useState(0);
  const [support, setSupport] = useState<{ choices: FormatChoice[]; videoNote: string | null } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const timing: ClipTiming = { from: Number(from), to: Number(to), turnsPerSecond: Number(tps), framesPerTurn: Number(fpt) };
  const size = clipSize(mapWidth, mapHeight, side);
  const fps = framesPerSecond(timing);
  const fpsKey = Number.isFinite(fps) && fps > 0 ? Math.min(fps, 60) : 10;
  const choice = support?.choices[formatIndex] ?? support?.choices[0] ?? null;
  const problem = outcome ? clipProblem(timing, last, choice?.format === 'gif' ? 'gif' : 'video', side) : 'There is no up-to-date plan to record: solve first.';
  const overlays = useMemo(overlaysShown, []);

  useEffect(() => form.current?.focus(), []);
  // Which formats this browser can encode at this size (asked again when the size changes);
  // the chosen format stays chosen while it is still offered.
  const chosenFormat = useRef(choice?.format ?? 'gif');
  chosenFormat.current = choice?.format ?? chosenFormat.current;
  useEffect(() => {
    let live = true;
    void supportedFormats(size.width, size.height, fpsKey).then((found) => {
      if (!live) return;
      setSupport(found);
      setFormatIndex(Math.max(0, found.choices.findIndex((c) => c.format === chosenFormat.current)));
    });
    return () => {
      live = false;
    };
  }, [size.width, size.height, fpsKey]);

  const record = async () => {
    if (problem || !choice) return;
    const controller = new AbortController();
    abort.current = controller;
    videoExportStore.set({ progress: { done: 0, total: frameCount(timing) } });
    try {
      const clip = await recordClip({ choice, timing, longestSide: side }, controller.signal, (done, total) => videoExportStore.set({ progress: { done, total } }));
      const name = `${slug(model.document.name.replace(/\.(map|json)$/i, ''))}-turns-${timing.from}-${timing.to}.${choice.extension}`;
      const saved = await fileService.saveBytes(name, clip.bytes, choice.mimeType, [{ name: choice.label, extensions: [choice.extension] }]);
      close();
      if (saved.error) notify('error', saved.error);
      else if (saved.saved) notify('info', `Saved ${saved.name ?? name} (${choice.short}, ${clip.frames} frames, ${clip.width}×${clip.height}, ${clip.seconds.toFixed(1)} s, turns ${timing.from} to ${timing.to}).`);
    } catch (error) {
      videoExportStore.set({ progress: null });
      if (error instanceof ClipCancelled) notify('info', 'Recording cancelled: nothing was saved.');
      else notify('error', `Could not record the clip: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      abort.current = null;
    }
  };
  const cancel = () => {
    if (abort.current) abort.current.abort();
    else close();
  };

  // The dialog is modal: keys outside it (focus falls to the page when a recording disables the
  // fields) do not reach the editor's shortcuts, and Esc cancels or closes wherever focus is.
  const cancelRef = useRef(cancel);
  cancelRef.current = cancel;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const inside = event.target instanceof Node && form.current?.contains(event.target);
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        cancelRef.current();
      } else if (!inside) event.stopPropagation();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, []);

  const running = progress !== null;
  return (
    <div className="help-backdrop" data-testid="video-dialog">
      <form
        className="help-dialog video-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Export the replay as a video"
        onSubmit={(e) => {
          e.preventDefault();
          void record();
        }}
        ref={form}
        tabIndex={-1}
        // Keys in the dialog are the dialog's: the editor's shortcuts wait behind it.
        onKeyDown={(e) => e.stopPropagation()}
      >
        <header>
          <h2>Export the replay as a video</h2>
        </header>
        <div className="video-fields">
          <label className="field">
            <span>Format</span>
            <select value={formatIndex} disabled={running || !support} onChange={(e) => setFormatIndex(Number(e.target.value))} data-testid="video-format">
              {(support?.choices ?? []).map((c, i) => (
                <option key={c.label} value={i} data-format={c.format}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>Size (longer side, px)</span>
            <select value={side} disabled={running} onChange={(e) => setSide(Number(e.target.value))} data-testid="video-size">
              {SIZES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>From turn</span>
            <input type="number" min={0} max={last} value={from} disabled={running} onChange={(e) => setFrom(e.target.value)} data-testid="video-from" />
          </label>
          <label className="field">
            <span>To turn (last: {last})</span>
            <input type="number" min={0} max={last} value={to} disabled={running} onChange={(e) => setTo(e.target.value)} data-testid="video-to" />
          </label>
          <label className="field">
            <span>Turns per second</span>
            <input type="number" min={0.25} step="any" value={tps} disabled={running} onChange={(e) => setTps(e.target.value)} data-testid="video-tps" />
          </label>
          <label className="field">
            <span>Frames per turn</span>
            <input type="number" min={1} step={1} value={fpt} disabled={running} onChange={(e) => setFpt(e.target.value)} data-testid="video-fpt" />
          </label>
        </div>
        <p className="muted" data-testid="video-summary">
          {problem ?? `${frameCount(timing)} frames, ${size.width}×${size.height} px, ${fps} frames per second, ${(frameCount(timing) / fps).toFixed(1)} s.`}
        </p>
        <p className="muted" data-testid="video-overlays">
          Shows what the replay shows now: {overlays.join(', ')}. Turn overlays on or off in the replay bar before recording.
        </p>
        {support?.videoNote && (
          <p className="muted" data-testid="video-note">
            {support.videoNote}
          </p>
        )}
        {running && (
          <div className="video-progress">
            <progress value={progress.done} max={progress.total} data-testid="video-progress" />
            <span className="muted">
              Frame {progress.done} of {progress.total}
            </span>
          </div>
        )}
        <div className="field-row ask-buttons">
          <button type="button" onClick={cancel} data-testid="video-cancel" title={running ? 'Stop recording; nothing is saved (Esc)' : 'Close (Esc)'}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={running || problem !== null || !choice} data-testid="video-record">
            Record and save
          </button>
        </div>
      </form>
    </div>
  );
}
