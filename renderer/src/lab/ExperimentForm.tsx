/**
 * The form over the experiment's common fields: maps (the editor's current map, random maps
 * with seeds), agent counts, solvers with parameters, repeats, seed, turn and time limits. Each
 * field rewrites the JSON (experimentForm.ts); the JSON editor beside it holds everything else.
 */
import { DEFAULT_LIFELONG_SCHEDULER, LIFELONG_SCHEDULERS } from '../../../core/registry/registry.ts';
import { memo, useEffect, useState } from 'react';
import {
  type ExperimentJson, type SolverRow, describeMap, experimentText, formatAgents, formatIntList, mapsOf, optionalNumber, parseAgents, parseIntList,
  hasLorrMaps, randomMapSpec, readExperimentJson, solverChoices, solverRows, withField, withMapSeeds, withMaps, withSolvers,
} from './experimentForm.ts';
import { addCurrentMap, addMovingAiMap, addScenarioToLastMap } from './labActions.ts';
import { setExperimentText, setShard, setWorkers, sweepStore } from './sweep.ts';
import { parseShard } from '../../../core/experiments/results.ts';
import { useSlice } from '../state/store.ts';

/** A text field that commits what it parses; what it cannot parse stays in the field with the reason. */
function CommitField<T>({ label, value, parse, onCommit, testId, width, title }: { label: string; value: string; parse: (text: string) => T; onCommit: (value: T) => void; testId: string; width?: string; title?: string }) {
  const [text, setText] = useState(value);
  const [error, setError] = useState('');
  useEffect(() => {
    // Outside changes (the JSON editor) show here unless the field already says the same.
    setText((local) => {
      try {
        if (JSON.stringify(parse(local)) === JSON.stringify(parse(value))) return local;
      } catch {
        // fall through: show the outside value
      }
      return value;
    });
  }, [value]);
  return (
    <label className="lab-field" title={title}>
      <span>{label}</span>
      <input
        type="text"
        value={text}
        style={width ? { width } : undefined}
        data-testid={testId}
        aria-invalid={error !== ''}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          try {
            const parsed = parse(next);
            setError('');
            onCommit(parsed);
          } catch (e) {
            setError(e instanceof Error ? e.message : String(e));
          }
        }}
      />
      {error && <em className="lab-field-error">{error}</em>}
    </label>
  );
}

function update(change: (json: ExperimentJson) => ExperimentJson): void {
  const json = readExperimentJson(sweepStore.get().text);
  if (!json) return;
  setExperimentText(experimentText(change(json)));
}

const wholeAtLeast = (min: number) => (text: string) => {
  const v = Number(text);
  if (!Number.isInteger(v) || v < min) throw new RangeError(`a whole number of at least ${min}`);
  return v;
};

const optionalWhole = (text: string) => {
  const v = optionalNumber(text);
  if (v !== undefined && (!Number.isInteger(v) || v < 1)) throw new RangeError('a whole number of at least 1, or empty for none');
  return v;
};

const optionalPositive = (text: string) => {
  const v = optionalNumber(text);
  if (v !== undefined && v <= 0) throw new RangeError('a positive number of seconds, or empty for none');
  return v;
};

export const ExperimentForm = memo(function ExperimentForm({ locked }: { locked: boolean }) {
  const text = useSlice(sweepStore, (s) => s.text);
  const workers = useSlice(sweepStore, (s) => s.workers);
  const shard = useSlice(sweepStore, (s) => s.shard);
  const json = readExperimentJson(text);
  const [random, setRandom] = useState({ width: 16, height: 16, density: 0.2, seeds: '1-3' });
  const [randomError, setRandomError] = useState('');
  if (!json) return <p className="lab-note" data-testid="lab-form-off">The form needs the JSON to be an object; fix the text on the right.</p>;
  const rows = solverRows(json);
  const names = solverChoices(json);
  const lorr = hasLorrMaps(json);
  const setRows = (next: SolverRow[]) => update((j) => withSolvers(j, next));
  const maps = mapsOf(json);
  const str = (v: unknown) => (v === undefined ? '' : String(v));
  return (
    <fieldset className="lab-form" disabled={locked} data-testid="lab-form">
      <CommitField label="Name" value={str(json.name)} parse={(t) => t} onCommit={(v) => update((j) => withField(j, 'name', v))} testId="lab-name" />

      <div className="lab-group">
        <span className="lab-group-title">Maps</span>
        <ul className="lab-maps" data-testid="lab-maps">
          {maps.map((m, i) => (
            <li key={i}>
              <span>{describeMap(m)}</span>
              {(m as { kind?: unknown }).kind === 'random' && (
                <CommitField
                  label="seeds"
                  value={formatIntList((m as { seeds?: unknown }).seeds)}
                  parse={parseIntList}
                  onCommit={(seeds) => update((j) => withMapSeeds(j, i, seeds))}
                  testId={`lab-map-seeds-${i}`}
                  width="6em"
                  title="One map per seed, e.g. 1-10 or 1, 2, 3"
                />
              )}
              <button type="button" aria-label={`Remove map ${i + 1}`} onClick={() => update((j) => withMaps(j, mapsOf(j).filter((_, k) => k !== i)))}>×</button>
            </li>
          ))}
        </ul>
        <div className="lab-row">
          <button type="button" onClick={addCurrentMap} data-testid="lab-add-current-map" title="The editor's map, with its units as the map's agents">Add the current map</button>
          <button type="button" onClick={() => void addMovingAiMap()} data-testid="lab-add-map-file" title="A Moving AI .map, carried in the experiment">Add .map…</button>
          <button type="button" onClick={() => void addScenarioToLastMap()} data-testid="lab-add-scen" disabled={maps.length === 0} title="A Moving AI .scen: its queries become the last map's agents (placement scenario or auto)">+ .scen</button>
        </div>
        <div className="lab-row">
          <label className="lab-field"><span>W</span><input type="number" min={2} value={random.width} onChange={(e) => setRandom({ ...random, width: Number(e.target.value) })} style={{ width: '4.5em' }} /></label>
          <label className="lab-field"><span>H</span><input type="number" min={2} value={random.height} onChange={(e) => setRandom({ ...random, height: Number(e.target.value) })} style={{ width: '4.5em' }} /></label>
          <label className="lab-field"><span>Walls</span><input type="number" min={0} max={0.9} step={0.05} value={random.density} onChange={(e) => setRandom({ ...random, density: Number(e.target.value) })} style={{ width: '4.5em' }} /></label>
          <label className="lab-field"><span>Seeds</span><input type="text" value={random.seeds} onChange={(e) => setRandom({ ...random, seeds: e.target.value })} style={{ width: '5em' }} data-testid="lab-random-seeds" /></label>
          <button
            type="button"
            data-testid="lab-add-random"
            onClick={() => {
              try {
                const seeds = parseIntList(random.seeds);
                setRandomError('');
                update((j) => withMaps(j, [...mapsOf(j), randomMapSpec(random.width, random.height, random.density, seeds)]));
              } catch (e) {
                setRandomError(e instanceof Error ? e.message : String(e));
              }
            }}
          >
            Add random maps
          </button>
        </div>
        {randomError && <em className="lab-field-error">{randomError}</em>}
      </div>

      <div className="lab-row">
        <CommitField label="Agents" value={formatAgents(json.agents)} parse={parseAgents} onCommit={(v) => update((j) => withField(j, 'agents', v))} testId="lab-agents" title="Counts like 4, 8, 12 or a range 2-20:2; or 2-60x10: a count drawn in 2..60 for each of 10 instances (Standley)" />
        <label className="lab-field">
          <span>Placement</span>
          <select value={str(json.placement) || 'auto'} onChange={(e) => update((j) => withField(j, 'placement', e.target.value))} data-testid="lab-placement">
            <option value="auto">auto</option>
            <option value="random">random</option>
            <option value="scenario">scenario</option>
          </select>
        </label>
      </div>
      <div className="lab-row">
        <CommitField label="Repeats" value={str(json.repeats ?? 1)} parse={wholeAtLeast(1)} onCommit={(v) => update((j) => withField(j, 'repeats', v))} testId="lab-repeats" width="4.5em" />
        <CommitField label="Seed" value={str(json.seed ?? 1)} parse={wholeAtLeast(-(2 ** 31))} onCommit={(v) => update((j) => withField(j, 'seed', v))} testId="lab-seed" width="5em" />
        <CommitField label="Turn limit" value={str(json.turnLimit)} parse={optionalWhole} onCommit={(v) => update((j) => withField(j, 'turnLimit', v))} testId="lab-turn-limit" width="5em" />
        <CommitField label="Time limit (s)" value={str(json.timeLimitSeconds)} parse={optionalPositive} onCommit={(v) => update((j) => withField(j, 'timeLimitSeconds', v))} testId="lab-time-limit" width="5em" />
      </div>

      <div className="lab-group">
        <span className="lab-group-title">Solvers</span>
        {rows.map((row, i) => (
          <div className="lab-row" key={i} data-testid="lab-solver-row">
            <select value={row.solver} aria-label={`Solver ${i + 1}`} onChange={(e) => setRows(rows.map((r, k) => (k === i ? { ...r, solver: e.target.value } : r)))}>
              {!names.includes(row.solver) && <option value={row.solver}>{row.solver} (unknown)</option>}
              {names.map((n) => <option key={n} value={n}>{n}</option>)}
            </select>
            {lorr && (
              <select value={row.scheduler ?? ''} aria-label={`Task scheduler ${i + 1}`} title="The task scheduler beside the lifelong planner (the League's two tracks)" onChange={(e) => setRows(rows.map((r, k) => (k === i ? { ...r, scheduler: e.target.value } : r)))} data-testid={`lab-solver-scheduler-${i}`}>
                <option value="">greedy (default)</option>
                {LIFELONG_SCHEDULERS.filter((e) => e.name !== DEFAULT_LIFELONG_SCHEDULER).map((e) => <option key={e.name} value={e.name} title={e.label}>{e.name}</option>)}
                {row.scheduler !== undefined && row.scheduler !== '' && !LIFELONG_SCHEDULERS.some((e) => e.name === row.scheduler) && <option value={row.scheduler}>{row.scheduler} (unknown)</option>}
              </select>
            )}
            <CommitField label="Label" value={row.label} parse={(t) => t} onCommit={(v) => setRows(rows.map((r, k) => (k === i ? { ...r, label: v } : r)))} testId={`lab-solver-label-${i}`} width="8em" />
            <CommitField
              label="Parameters"
              value={row.params}
              parse={(t) => {
                withSolvers({}, [{ ...row, params: t }]);
                return t;
              }}
              onCommit={(v) => setRows(rows.map((r, k) => (k === i ? { ...r, params: v } : r)))}
              testId={`lab-solver-params-${i}`}
              width="10em"
            />
            <button type="button" aria-label={`Remove solver ${i + 1}`} onClick={() => setRows(rows.filter((_, k) => k !== i))}>×</button>
          </div>
        ))}
        <button type="button" onClick={() => setRows([...rows, { solver: names.includes('whca') ? 'whca' : names[0], label: `solver-${rows.length + 1}`, params: '{}', scheduler: '' }])} data-testid="lab-add-solver">
          Add solver
        </button>
      </div>

      <div className="lab-row">
        <CommitField label={`Workers (this machine has ${navigator.hardwareConcurrency || '?'} cores)`} value={String(workers)} parse={wholeAtLeast(1)} onCommit={setWorkers} testId="lab-workers" width="4.5em" />
        <CommitField
          label="Shard (I/N)"
          value={shard ? `${shard.index}/${shard.count}` : ''}
          parse={(t) => (t.trim() === '' ? null : parseShard(t))}
          onCommit={setShard}
          testId="lab-shard"
          width="4.5em"
          title="Run only shard I of N (every Nth instance from the I-th, with all its solvers), as mapf-lab experiment --shard I/N; merge the shards' results here or with mapf-lab merge. Empty: every run."
        />
      </div>
    </fieldset>
  );
});
