/**
 * Capacity, in one click: under the Streams panel, a sweep of the spawners' offered rate per
 * solver in the solver process (capacityActions.ts), with its progress and Cancel, the two charts
 * (delivered and time in system against offered rate) and the sentence the region panel repeats:
 * "the bridge carries at most … units per 10 turns with …; at … per 10 turns units spend …".
 */
import { CONTROLLERS } from '../../../core/registry/registry.ts';
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';
import { NumberField } from '../panels/NumberField.tsx';
import { cancelCapacity, runCapacity } from './capacityActions.ts';
import { type CapacitySettings, capacityStore, sweepRates, useCapacitySentence } from './capacityState.ts';
import { cellsWords, rateWords, realRate, scaleWords, turnsWords } from '../../../core/experiments/rateUnits.ts';
import { CapacityCharts } from './CapacityCharts.tsx';

const SHORT: Record<string, string> = { lra: 'LRA*', ca: 'CA*', hca: 'HCA*', whca: 'WHCA*', pibt: 'PIBT', rhcr: 'RHCR' };

export function CapacityPanel() {
  const spawners = useSlice(modelStore, (s) => s.spawners);
  const state = useSlice(capacityStore, (s) => s);
  const current = useSlice(modelStore, (s) => s.compareRevision);
  const scale = useSlice(modelStore, (s) => s.scale);
  const sentence = useCapacitySentence();
  if (spawners.length === 0) return null;
  const { settings, result } = state;
  const set = (change: Partial<CapacitySettings>) => capacityStore.set({ settings: { ...settings, ...change } });
  const swept = settings.spawners.length > 0 ? settings.spawners : spawners.filter((s) => s.goal.exit !== undefined).map((s) => s.name);
  const toggle = (list: string[], name: string, on: boolean) => (on ? [...list.filter((n) => n !== name), name] : list.filter((n) => n !== name));
  const rates = sweepRates(settings.from, settings.to, settings.step);
  const running = state.phase === 'running';
  return (
    <section className="panel capacity-panel" aria-label="Capacity" data-testid="capacity-panel">
      <h2>Capacity</h2>
      <p className="muted">Sweeps the offered rate of the spawners checked, per solver, and names the highest rate each carries with its queue bounded.</p>
      <p className="muted" data-testid="capacity-units">
        Rates are entered per spawner and reported per spawner and in all (the rate times the spawners swept), per 10 turns
        {scale?.turnSeconds === undefined ? '; set Seconds a turn (Scenario) to read them a minute too.' : `, a minute and a second (${scaleWords(scale)}).`}
      </p>
      <div className="row" role="group" aria-label="Spawners swept">
        {spawners.map((s) => (
          <label key={s.name} title={s.goal.exit === undefined ? 'Its units do not leave by an exit: nothing to deliver' : 'Sweep this spawner\'s rate'}>
            <input type="checkbox" checked={swept.includes(s.name)} disabled={running} onChange={(e) => set({ spawners: toggle(swept, s.name, e.target.checked) })} data-testid={`capacity-spawner-${s.name}`} /> {s.name}
          </label>
        ))}
      </div>
      <div className="row">
        <NumberField label="From, each /10 turns" title={`Lowest offered rate per spawner swept, units per 10 turns${realRate(1, scale, false) ? ` (1 per 10 turns is${realRate(1, scale)})` : ''}`} value={settings.from} min={0} step="0.5" disabled={running} onCommit={(from) => from !== undefined && from > 0 && set({ from })} testId="capacity-from" />
        <NumberField label="To" title="Highest offered rate per spawner swept, units per 10 turns" value={settings.to} min={0} step="0.5" disabled={running} onCommit={(to) => to !== undefined && to > 0 && set({ to })} testId="capacity-to" />
        <NumberField label="Step" title="Step between rates" value={settings.step} min={0} step="0.5" disabled={running} onCommit={(step) => step !== undefined && step > 0 && set({ step })} testId="capacity-step" />
      </div>
      <div className="row">
        <NumberField label="Turns a run" title="Turns of each run; the second half is the steady state" value={settings.turns} min={20} disabled={running} onCommit={(turns) => turns !== undefined && turns >= 20 && set({ turns: Math.round(turns) })} testId="capacity-turns" />
        <NumberField label="Admit share" title="Admission share for the swept spawners (above 0, at most 1; 1: no cap). Empty: each spawner's own (default 0.5)" value={settings.admitShare} placeholder="spawner's" min={0} step="0.05" disabled={running} onCommit={(admitShare) => set({ admitShare: admitShare !== undefined && admitShare > 0 && admitShare <= 1 ? admitShare : undefined })} testId="capacity-admit" />
      </div>
      <div className="row" role="group" aria-label="Solvers compared">
        {CONTROLLERS.map((c) => (
          <label key={c.name} title={c.label}>
            <input type="checkbox" checked={settings.solvers.includes(c.name)} disabled={running} onChange={(e) => set({ solvers: CONTROLLERS.map((k) => k.name).filter((n) => (n === c.name ? e.target.checked : settings.solvers.includes(n))) })} data-testid={`capacity-solver-${c.name}`} /> {SHORT[c.name] ?? c.name}
          </label>
        ))}
      </div>
      <div className="row">
        {running ? (
          <button type="button" onClick={cancelCapacity} data-testid="capacity-cancel">Cancel</button>
        ) : (
          <button type="button" onClick={() => void runCapacity()} disabled={rates.length === 0 || settings.solvers.length === 0 || swept.length === 0} data-testid="capacity-run" title={`${rates.length} rates x ${settings.solvers.length} solvers, ${settings.turns} turns each, in the solver process`}>
            Run capacity sweep
          </button>
        )}
        {running && <progress max={state.total} value={state.done} data-testid="capacity-progress-bar" />}
      </div>
      {(state.progress || state.error) && <p className={state.error ? 'error' : 'muted'} data-testid="capacity-progress">{state.error ?? state.progress}</p>}
      {sentence && <p className="capacity-sentence" data-testid="capacity-sentence">{sentence}</p>}
      {sentence && current !== state.revision && <p className="muted" data-testid="capacity-stale">Measured on the scenario before its last change: run the sweep again.</p>}
      {result && result.runs.length > 0 && (
        <>
          <table className="results" data-testid="capacity-summary">
            <thead>
              <tr><th title="Highest offered rate at which the queue stays bounded, in all and per spawner">Saturates at</th><th title="Best delivered throughput, in all and per spawner">Carries</th><th title="Mean time in system (due to exit) at the saturation point">Time there</th></tr>
            </thead>
            <tbody>
              {result.solvers.flatMap((s, k) => [
                // The solver heads its figures' row, so the words below have the room they need.
                <tr key={s.label} data-testid="capacity-summary-row">
                  <td colSpan={3} className="capacity-solver">{s.label}</td>
                </tr>,
                <tr key={`${s.label}-figures`}>
                  <td data-testid={`capacity-saturates-${k}`}>{s.saturationOffered === null ? 'never bounded in the rates swept' : rateWords(s.saturationOffered, result.spawners.length, scale)}</td>
                  {/* A solver whose units locked carries nothing the level can be credited with: say where it locked. */}
                  <td title={s.gridlocked?.gridlock ?? undefined} data-testid={s.gridlocked ? `capacity-gridlock-${s.solver}` : `capacity-carries-${k}`}>{s.gridlocked ? `gridlock at ${rateWords(s.gridlocked.offered, result.spawners.length, scale)} offered` : rateWords(s.capacity, result.spawners.length, scale, 1)}</td>
                  <td data-testid={`capacity-time-${k}`}>{s.atSaturation === null ? 'no saturation point' : s.atSaturation.timeInSystem ? turnsWords(s.atSaturation.timeInSystem.mean, scale) : 'none left in the second half'}</td>
                </tr>,
              ])}
            </tbody>
          </table>
          {result.lane && (
            <p className="muted" data-testid="capacity-lane" title="What the level's lane carries when traffic is managed: the direction alternates in platoons of k (its length) each way, measured at every rate like the solvers, about k/(L+k) units a turn; and the plain bound, one unit a turn one way">
              The lane itself ({cellsWords(result.lane.length, scale)}, one lane): {result.lane.measured.toFixed(1)} per 10 turns{realRate(result.lane.measured, scale)} in all with platoons of {result.lane.platoon} taking turns each way ({result.lane.formula.toFixed(1)} by k/(L+k)); at most {result.lane.bound}{realRate(result.lane.bound, scale, false)} one way.
            </p>
          )}
          <CapacityCharts result={result} />
        </>
      )}
    </section>
  );
}
