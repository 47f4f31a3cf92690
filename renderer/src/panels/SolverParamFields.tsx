/**
 * The selected solver's own params (SolverEntry.params: CBS's improvements, EECBS's w, LaCAM's
 * options) as fields of the solver panel. A field left at the solver's default keeps the param
 * out of the scenario (an empty number field, a switch set back to its default), so the JSON
 * names only what the user chose. The solver checks every value and says what is wrong.
 */
import type { ParamSpec } from '../../../core/contract/types.ts';
import type { SolverSettings } from '../../../core/scenario/schema.ts';
import { NumberField } from './NumberField.tsx';

interface Props {
  specs: readonly ParamSpec[];
  params: SolverSettings['params'];
  disabled: boolean;
  onChange(params: SolverSettings['params']): void;
}

/** `params` with `name` set to `value`, or without it when the value is the default (undefined). */
function withParam(params: SolverSettings['params'], name: string, value: unknown): SolverSettings['params'] {
  const { [name]: _drop, ...rest } = params;
  return value === undefined ? rest : { ...rest, [name]: value };
}

/**
 * The params to keep when the solver changes from one with `from` specs to one with `to`: a param
 * only the old solver offered goes (the new one would refuse it), anything else stays.
 */
export function paramsForSolverChange(params: SolverSettings['params'], from: readonly ParamSpec[], to: readonly ParamSpec[]): SolverSettings['params'] {
  const kept = new Set(to.map((s) => s.name));
  const dropped = new Set(from.map((s) => s.name).filter((name) => !kept.has(name)));
  return Object.fromEntries(Object.entries(params).filter(([name]) => !dropped.has(name)));
}

export function SolverParamFields({ specs, params, disabled, onChange }: Props) {
  if (specs.length === 0) return null;
  return (
    <div className="solver-params" data-testid="solver-params">
      {specs.map((spec) => {
        const value = params[spec.name];
        if (spec.kind === 'boolean') {
          const on = typeof value === 'boolean' ? value : spec.default;
          return (
            <label key={spec.name} className="check" title={spec.help}>
              <input
                type="checkbox"
                checked={on}
                disabled={disabled}
                data-testid={`param-${spec.name}`}
                onChange={(e) => onChange(withParam(params, spec.name, e.target.checked === spec.default ? undefined : e.target.checked))}
              />{' '}
              {spec.label}
            </label>
          );
        }
        if (spec.kind === 'choice') {
          return (
            <label key={spec.name} className="field" title={spec.help}>
              <span>{spec.label}</span>
              <select
                value={typeof value === 'string' ? value : spec.default}
                disabled={disabled}
                data-testid={`param-${spec.name}`}
                onChange={(e) => onChange(withParam(params, spec.name, e.target.value === spec.default ? undefined : e.target.value))}
              >
                {spec.choices.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
          );
        }
        return (
          <NumberField
            key={spec.name}
            label={spec.label}
            title={`${spec.help} (${spec.integer ? 'a whole number' : 'a number'} from ${spec.min}${spec.max === undefined ? '' : ` to ${spec.max}`})`}
            value={typeof value === 'number' ? value : undefined}
            placeholder={spec.default === null ? 'none' : String(spec.default)}
            min={spec.min}
            step={spec.integer ? '1' : 'any'}
            disabled={disabled}
            testId={`param-${spec.name}`}
            onCommit={(n) => onChange(withParam(params, spec.name, n))}
          />
        );
      })}
    </div>
  );
}
