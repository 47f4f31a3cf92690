/**
 * The scenario's params this run leaves out (core/registry/runParams.ts): a strategy set while
 * the map had obstacles, CBS's heuristic after switching to PIBT, the optimal solvers' cost model.
 * Their fields are hidden for this solver, so they are listed here, where the user sees that they
 * are not used and can clear them (one undoable settings change), instead of in the JSON only.
 */
import { paramsForRun } from '../../../core/registry/runParams.ts';
import type { SolverSettings } from '../../../core/scenario/schema.ts';

interface Props {
  solver: string;
  params: SolverSettings['params'];
  obstacles: boolean;
  disabled: boolean;
  onChange(params: SolverSettings['params']): void;
}

export function UnusedParams({ solver, params, obstacles, disabled, onChange }: Props) {
  const { params: kept, dropped } = paramsForRun(solver, params, { obstacles });
  if (dropped.length === 0) return null;
  const text = dropped.map((name) => `${name} = ${JSON.stringify(params[name])}`).join(', ');
  return (
    <p className="unused-params" data-testid="unused-params" title={obstacles ? 'Set for another solver; this one does not take them, so they are left out of the solve' : 'Set for another solver or for a run among moving obstacles; this run does not take them, so they are left out of the solve'}>
      Not used by {solver}{obstacles ? '' : ' without obstacles'}: {text}{' '}
      <button type="button" disabled={disabled} onClick={() => onChange(kept)} data-testid="clear-unused-params">
        Clear
      </button>
    </p>
  );
}
