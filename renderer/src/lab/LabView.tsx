/**
 * The lab: define a sweep (form and JSON), run it on a pool of Web Workers with progress,
 * pause, resume and cancel, watch the charts fill, export the report, CSV and JSONL.
 */
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useSlice } from '../state/store.ts';
import { notify } from '../solve/solveState.ts';
import { sweepCounts } from './sweepCounts.ts';
import { ExperimentForm } from './ExperimentForm.tsx';
import { LabCharts } from './LabCharts.tsx';
import { failureReasons } from './labCharts.ts';
import { saveCsv, saveJsonl, saveReport } from './labExports.ts';
import { labBackend } from './labBackend.ts';
import { adoptInitialText, experimentFileStore, isExperimentDirty, loadPreset, openExperiment, saveExperiment } from './experimentFile.ts';
import { PRESETS } from './presets.ts';
import { type NamedFiles, filesMissing } from '../../../core/experiments/namedFiles.ts';
import { addLabFiles, labFilesStore } from './labFiles.ts';
import { fileName, formatDuration } from '../../../core/util/names.ts';
import type { Experiment } from '../../../core/experiments/schema.ts';
import { PickedRun } from './PickedRun.tsx';
import { mergeResultsFile } from './mergeResultsFile.ts';
import { cancelSweep, clearAllResults, clearResults, initSweep, pauseSweep, resumeSweep, setExperimentText, startSweep, sweepStore } from './sweep.ts';

// Monaco is large: loaded the first time the lab opens.
const ExperimentEditor = lazy(() => import('./ExperimentEditor.tsx').then(async (m) => {
  await m.loadJsonMode();
  return m;
}));

function run(action: () => Promise<void>): void {
  action().catch((error: unknown) => notify('error', `Export failed: ${error instanceof Error ? error.message : String(error)}`));
}

/** 'Web Worker' -> 'Web Workers', 'solver process' -> 'solver processes'. */
function plural(unit: string, count: number): string {
  return count === 1 ? unit : unit.endsWith('s') ? `${unit}es` : `${unit}s`;
}

function SweepBar() {
  const state = useSlice(sweepStore, (s) => s);
  const { phase, progress, planned, records, experiment } = state;
  const { done, errors, unsolved } = sweepCounts(records);
  const busy = phase === 'running' || phase === 'paused';
  const fraction = planned > 0 ? done / planned : 0;
  const left = planned - done;
  // The browser's workers read no files by path: such an experiment stops here, naming the files to add.
  const given = useSlice(labFilesStore, (s) => s.files);
  const missing = experiment && !labBackend.readsFilesByPath ? filesMissing(experiment, (path) => given[path]) : [];
  const status =
    !experiment && !busy ? 'The definition has problems (below): fix them to run'
    : missing.length > 0 && !busy ? `Needs ${missing.reduce((n, m) => n + m.files.length, 0)} files the browser edition cannot read by path (below)`
    : phase === 'running' ? `Running${state.shard ? ` shard ${state.shard.index}/${state.shard.count}` : ''} on ${state.workers} ${plural(state.unit, state.workers)}, ${progress?.running ?? 0} in flight`
    : phase === 'paused' ? 'Paused: runs in flight finish, no new ones start'
    : phase === 'cancelled' ? `Cancelled: ${left} runs left; Run resumes`
    : phase === 'finished' ? `Finished${state.shard ? ` shard ${state.shard.index}/${state.shard.count}` : ''}${state.sweepMs !== null ? ` in ${(state.sweepMs / 1000).toFixed(1)} s` : ''}`
    : done > 0 && left > 0 ? `${done} runs stored from before; Run resumes with the ${left} left`
    : done > 0 ? 'Every run is recorded'
    : 'Ready';
  const primary: { label: string; testId: string; onClick: () => void; className?: string; disabled?: boolean } =
    phase === 'running' ? { label: 'Pause', testId: 'lab-pause', onClick: pauseSweep }
    : phase === 'paused' ? { label: 'Resume', testId: 'lab-resume', onClick: resumeSweep }
    : { label: 'Run', testId: 'lab-run', onClick: () => startSweep(labBackend), className: 'lab-run', disabled: !experiment || left === 0 || missing.length > 0 };
  return (
    <div className="lab-bar" data-testid="lab-bar" data-phase={phase}>
      <div className="buttons">
        {/* One button that becomes Pause and then Resume: removing the focused Run button in its
            own click made the browser move the focus and restyle within the click's task. */}
        <button type="button" className={primary.className} onClick={primary.onClick} disabled={primary.disabled} data-testid={primary.testId}>{primary.label}</button>
        {busy && <button type="button" onClick={cancelSweep} data-testid="lab-cancel">Cancel</button>}
      </div>
      <div className="lab-progress" title={`${done} of ${planned} runs`}>
        <progress max={Math.max(1, planned)} value={done} data-testid="lab-progress" />
        <span data-testid="lab-progress-text" data-done={done} data-total={planned} data-failed={errors} data-unsolved={unsolved} data-running={progress?.running ?? 0}>
          {done} / {planned} runs ({Math.round(fraction * 100)}%) · {unsolved} not solved · {errors} errors · {busy ? `${formatDuration(progress?.etaMs)} left` : ''}
        </span>
      </div>
      <span className="lab-status" data-testid="lab-status">{status}</span>
      <div className="buttons lab-exports">
        <button type="button" disabled={!experiment || done === 0} onClick={() => experiment && run(() => saveReport(experiment, records, planned, state.workers))} data-testid="lab-export-report">Report</button>
        <button type="button" disabled={!experiment || done === 0} onClick={() => experiment && run(() => saveCsv(experiment, records))} data-testid="lab-export-csv">CSV</button>
        <button type="button" disabled={!experiment || done === 0} onClick={() => experiment && run(() => saveJsonl(experiment, records))} data-testid="lab-export-jsonl">JSONL</button>
        <button type="button" disabled={busy || !experiment} onClick={() => void mergeResultsFile()} data-testid="lab-merge" title="Merge this experiment's results run elsewhere (shards, the command line's results.jsonl, a JSONL export)">Merge…</button>
        <button
          type="button"
          disabled={busy || done === 0}
          onClick={() => window.confirm(`Forget the ${done} stored runs of this experiment?`) && clearResults()}
          data-testid="lab-clear"
        >
          Clear results
        </button>
      </div>
      {experiment && missing.length > 0 && !busy && <MissingFiles experiment={experiment} missing={missing} />}
      <StoredResults busy={busy} />
      {errors > 0 && (
        <details className="lab-failures" data-testid="lab-failures">
          <summary>{errors} run{errors === 1 ? '' : 's'} measured nothing (recorded as errors; the sweep goes on)</summary>
          <ul>
            {failureReasons(records).map((f) => (
              <li key={f.message}>
                <strong>{f.count}×</strong> {f.message} <span className="lab-status">(e.g. run {f.example.id}: {f.example.label}, {f.example.map}#{f.example.instance}, {f.example.agents} agents)</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** The files an experiment names by path that the browser edition must be given, map by map, and how. */
function MissingFiles({ experiment, missing }: { experiment: Experiment; missing: readonly NamedFiles[] }) {
  const movingAi = missing.some((m) => m.kind === 'movingai');
  const lorr = missing.some((m) => m.kind === 'lorr');
  const choose = async (list: File[]) => {
    if (list.length === 0) return;
    const chosen = await Promise.all(list.map(async (file) => ({ name: file.name, text: await file.text() })));
    const { added, unused, missing: left } = addLabFiles(experiment, chosen);
    const parts = [`Added ${added.length} file${added.length === 1 ? '' : 's'}`];
    if (unused.length > 0) parts.push(`not used: ${unused.join(', ')}`);
    parts.push(left.length > 0 ? `still needed: ${left.map((p) => fileName(p)).join(', ')}` : 'every file is here: Run runs it');
    notify(unused.length > 0 ? 'error' : 'info', `${parts.join('; ')}.`);
  };
  return (
    <div className="lab-missing" role="alert" data-testid="lab-missing-files">
      <p>The browser edition reads no files by path; run the experiment in the desktop app or with <code>npx mapf-lab experiment</code>, or give it the files here.</p>
      {movingAi && (
        <p>
          For each Moving AI map below, remove it from the maps and add its .map with <strong>Add .map…</strong>, then each .scen with <strong>+ .scen</strong> (they are carried in the experiment).
        </p>
      )}
      {lorr && (
        <p data-testid="lab-missing-lorr">
          For each LoRR problem below, add its problem JSON, then the .map, .agents and .tasks files it names, with <strong>Add files…</strong> (several at once is fine; they are kept for this page&apos;s session, not in the experiment).
        </p>
      )}
      <ul>
        {missing.map((m) => (
          <li key={m.map} data-testid={`lab-missing-map-${m.map}`}>
            {m.kind === 'lorr' ? 'LoRR problem' : 'Map'} {m.map + 1}: {m.files.map((p) => fileName(p)).join(', ')}
            {m.kind === 'lorr' && m.files.length === 1 && m.files[0].endsWith('.json') ? ' (then the .map, .agents and .tasks files it names)' : ''}
          </li>
        ))}
      </ul>
      {lorr && (
        <label className="button-like">
          Add files…
          <input type="file" multiple accept=".json,.map,.agents,.tasks" onChange={(e) => {
              // Copied before the input is cleared, so that choosing the same file again still counts.
              const list = Array.from(e.currentTarget.files ?? []);
              e.currentTarget.value = '';
              void choose(list);
            }}
            data-testid="lab-add-files" style={{ display: 'none' }} />
        </label>
      )}
    </div>
  );
}

/** What the results of every experiment take in the lab's store, and a way to forget them all. */
function StoredResults({ busy }: { busy: boolean }) {
  const bytes = useSlice(sweepStore, (s) => s.stored.bytes);
  const experiments = useSlice(sweepStore, (s) => s.stored.experiments);
  if (experiments === 0) return null;
  return (
    <div className="lab-stored" data-testid="lab-stored" data-bytes={bytes}>
      Stored results: {formatBytes(bytes)} for {experiments} experiment{experiments === 1 ? '' : 's'}{' '}
      <button
        type="button"
        disabled={busy}
        onClick={() => window.confirm(`Forget the stored results of all ${experiments} experiment${experiments === 1 ? '' : 's'} (${formatBytes(bytes)})?`) && clearAllResults()}
        data-testid="lab-clear-all"
      >
        Clear all…
      </button>
    </div>
  );
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The experiment as a file: its name (• when edited since it was loaded or saved), presets, open and save. */
function ExperimentFileBar({ locked }: { locked: boolean }) {
  const file = useSlice(experimentFileStore, (s) => s);
  const text = useSlice(sweepStore, (s) => s.text);
  const dirty = file.savedText !== null && isExperimentDirty(text);
  return (
    <div className="lab-row lab-file" data-testid="lab-file" style={{ alignItems: 'center' }}>
      <strong data-testid="lab-file-name" data-dirty={dirty}>{dirty ? '• ' : ''}{file.name ?? 'Untitled experiment'}</strong>
      <select
        value=""
        disabled={locked}
        aria-label="Load a preset experiment"
        data-testid="lab-preset"
        style={{ maxWidth: '10em' }}
        onChange={(event) => {
          const id = event.target.value;
          event.target.value = '';
          if (id) loadPreset(id);
        }}
      >
        <option value="">Presets…</option>
        {PRESETS.map((p) => <option key={p.id} value={p.id}>{p.label}</option>)}
      </select>
      <button type="button" disabled={locked} onClick={() => void openExperiment()} data-testid="lab-open">Open…</button>
      <button type="button" onClick={() => void saveExperiment()} data-testid="lab-save" title={file.onDisk ? `Save to ${file.name}` : 'Save the experiment file'}>Save</button>
      <button type="button" onClick={() => void saveExperiment(true)} data-testid="lab-save-as">Save as…</button>
    </div>
  );
}

/** The only part of the view that follows the records as they arrive. */
function LiveCharts() {
  const records = useSlice(sweepStore, (s) => s.records);
  const labels = useSlice(sweepStore, (s) => s.labels);
  const running = useSlice(sweepStore, (s) => s.phase === 'running' || s.phase === 'paused');
  const name = useSlice(sweepStore, (s) => s.experiment?.name ?? 'experiment');
  const experiment = useSlice(sweepStore, (s) => s.experiment ?? null);
  return <LabCharts records={records} labels={labels} name={name} running={running} experiment={experiment} />;
}

export function LabView() {
  useEffect(() => {
    initSweep();
    adoptInitialText();
  }, []);
  const text = useSlice(sweepStore, (s) => s.text);
  const problems = useSlice(sweepStore, (s) => s.problems);
  const warning = useSlice(sweepStore, (s) => s.warning);
  const phase = useSlice(sweepStore, (s) => s.phase);
  // The definition locks while a sweep runs. Deferred: Run's click renders the bar at once and
  // the form and editor lock in a render of their own (React's background render, in slices),
  // not all in the click's task. The sweep keeps its definition either way (setExperimentText).
  const locked = useDeferredValue(phase === 'running' || phase === 'paused');
  const [showJson, setShowJson] = useState(true);
  return (
    <main className="lab" data-testid="lab-view">
      <SweepBar />
      {warning && <p className="lab-warning" role="alert" data-testid="lab-warning">{warning}</p>}
      <div className="lab-body">
        <section className="lab-define" aria-label="Experiment">
          <ExperimentFileBar locked={locked} />
          <ExperimentForm locked={locked} />
          <label className="lab-json-toggle"><input type="checkbox" checked={showJson} onChange={(e) => setShowJson(e.target.checked)} /> Experiment JSON</label>
          {showJson && text !== '' && (
            <Suspense fallback={<p className="lab-note">Loading the JSON editor…</p>}>
              <ExperimentEditor text={text} readOnly={locked} onChange={setExperimentText} />
            </Suspense>
          )}
          {problems.length > 0 && (
            <ul className="json-problems" data-testid="lab-problems" role="alert">
              {problems.slice(0, 20).map((p, i) => <li key={i}>{p}</li>)}
            </ul>
          )}
        </section>
        <section className="lab-results" aria-label="Charts">
          <PickedRun />
          <LiveCharts />
        </section>
      </div>
    </main>
  );
}
