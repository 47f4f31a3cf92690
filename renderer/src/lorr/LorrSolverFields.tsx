/**
 * The solver panel's fields while a League of Robot Runners problem is open: the lifelong planner
 * and the task scheduler (the League's two tracks), the steps to simulate and the planning time a step may take (a step over it costs steps in
 * which every robot waits, as the League rules).
 */
import { LIFELONG_PLANNERS, LIFELONG_SCHEDULERS } from '../../../core/registry/registry.ts';
import { NumberField } from '../panels/NumberField.tsx';
import { useSlice } from '../state/store.ts';
import { DEFAULT_LORR_STEPS, lorrStore } from './lorrState.ts';

export function LorrSolverFields({ running }: { running: boolean }) {
  const state = useSlice(lorrStore, (s) => s);
  return (
    <>
      <p className="lorr-problem" data-testid="lorr-problem">
        LoRR problem <strong>{state.problem?.name}</strong>: {state.problem?.teamSize} turning robots, tasks handed out by the scheduler below.
      </p>
      <label className="field">
        <span>Lifelong planner</span>
        <select value={state.planner} disabled={running} onChange={(e) => lorrStore.set({ planner: e.target.value })} data-testid="lorr-planner">
          {LIFELONG_PLANNERS.map((p) => (
            <option key={p.name} value={p.name} title={p.label}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Task scheduler</span>
        <select value={state.scheduler} disabled={running} onChange={(e) => lorrStore.set({ scheduler: e.target.value })} data-testid="lorr-scheduler">
          {LIFELONG_SCHEDULERS.map((s) => (
            <option key={s.name} value={s.name} title={s.label}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <div className="field-row">
        <NumberField label="Steps" title={`Steps to simulate (the League runs 5,000; default ${DEFAULT_LORR_STEPS})`} value={state.steps} min={1} onCommit={(steps) => lorrStore.set({ steps: Math.max(1, Math.round(steps ?? DEFAULT_LORR_STEPS)) })} testId="lorr-steps" disabled={running} />
        <NumberField label="Step limit (ms)" title="Planning time a step may take (the League: 1,000 ms); a step over it makes every robot wait" value={state.stepLimitMs} min={1} onCommit={(ms) => lorrStore.set({ stepLimitMs: ms !== undefined && ms > 0 ? ms : 1000 })} testId="lorr-step-limit" disabled={running} />
      </div>
    </>
  );
}
