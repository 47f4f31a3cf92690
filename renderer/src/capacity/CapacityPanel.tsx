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
import { type CapacitySettings, capacityStore, sweepRates } from './capacityState.ts';
import { CapacityCharts } from './CapacityCharts.tsx';

const SHORT: Record<string, string> = { lra: 'LRA*', ca: 'CA*', hca: 'HCA*', whca: 'WHCA*', pibt: 'PIBT', rhcr: 'RHCR' };

export function CapacityPanel() {
  const spawners = useSlice(modelStore, (s) => s.spawners);
  const state = useSlice(capacityStore, (s) => s);
  const current = useSlice(modelStore, (s) => s.compareRevision);
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
      <div className="row" role="group" aria-label="Spawners swept">
        {spawners.map((s) => (
          <label key={s.name} title={s.goal.exit === undefined ? 'Its units do not leave by an exit: nothing to deliver' : 'Sweep this spawner\'s rate'}>
            <input type="checkbox" checked={swept.includes(s.name)} disabled={running} onChange={(e) => set({ spawners: toggle(swept, s.name, e.target.checked) })} data-testid={`capacity-spawner-${s.name}`} /> {s.name}
          </label>
        ))}
      </div>
      <div className="row">
        <NumberField label="From /10 turns" title="Lowest offered rate per spawner, units per 10 turns" value={settings.from} min={0} step="0.5" disabled={running} onCommit={(from) => from !== undefined && from > 0 && set({ from })} testId="capacity-from" />
        <NumberField label="To" title="Highest offered rate per spawner" value={settings.to} min={0} step="0.5" disabled={running} onCommit={(to) => to !== undefined && to > 0 && set({ to })} testId="capacity-to" />
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
      {state.sentence && <p className="capacity-sentence" data-testid="capacity-sentence">{state.sentence}</p>}
      {state.sentence && current !== state.revision && <p className="muted" data-testid="capacity-stale">Measured on the scenario before its last change: run the sweep again.</p>}
      {result && result.runs.length > 0 && (
        <>
          <table className="results" data-testid="capacity-summary">
            <thead>
              <tr><th>Solver</th><th title="Highest offered rate (all swept spawners) at which the queue stays bounded">Saturates at</th><th title="Best delivered throughput, units per 10 turns">Carries</th><th title="Mean time in system (due to exit) at the saturation point">Time there</th></tr>
            </thead>
            <tbody>
              {result.solvers.map((s) => (
                <tr key={s.label}>
                  <td>{s.label}</td>
                  <td>{s.saturationOffered ?? '—'}</td>
                  {/* A solver whose units locked carries nothing the level can be credited with: say where it locked. */}
                  <td title={s.gridlocked?.gridlock ?? undefined} data-testid={s.gridlocked ? `capacity-gridlock-${s.solver}` : undefined}>{s.gridlocked ? `gridlock at ${s.gridlocked.offered} per 10 turns` : s.capacity.toFixed(1)}</td>
                  <td>{s.atSaturation?.timeInSystem ? s.atSaturation.timeInSystem.mean.toFixed(1) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {result.lane && (
            <p className="muted" data-testid="capacity-lane" title="What the level's lane carries when traffic is managed: the direction alternates in platoons of k (its length) each way, measured at every rate like the solvers, about k/(L+k) units a turn; and the plain bound, one unit a turn one way">
              The lane itself ({result.lane.length} cells, one lane): {result.lane.measured.toFixed(1)} per 10 turns with platoons of {result.lane.platoon} taking turns each way ({result.lane.formula.toFixed(1)} by k/(L+k)); at most {result.lane.bound} one way.
            </p>
          )}
          <CapacityCharts result={result} />
        </>
      )}
    </section>
  );
}
