/**
 * A solver's params read against its declared ParamSpecs (SolverEntry.params, types.ts): the one
 * description the app's solver panel, `solve --help` and the solver's own checks share, so a
 * param's name, range and default are written once. Unknown names are refused with the list of
 * allowed ones; a value of the wrong kind or out of range is refused naming the param and what it
 * must be; a param not given takes its spec's default.
 */
import type { ParamSpec } from './types.ts';

function what(spec: ParamSpec): string {
  if (spec.kind === 'boolean') return 'true or false';
  if (spec.kind === 'choice') return spec.choices.map((c) => `'${c}'`).join(', ').replace(/, ([^,]*)$/, ' or $1');
  const kind = spec.integer ? 'a whole number' : 'a number';
  return spec.max === undefined ? `${kind} >= ${spec.min}` : `${kind} from ${spec.min} to ${spec.max}`;
}

function fits(spec: ParamSpec, value: unknown): boolean {
  if (spec.kind === 'boolean') return typeof value === 'boolean';
  if (spec.kind === 'choice') return typeof value === 'string' && spec.choices.includes(value);
  return typeof value === 'number' && value >= spec.min && (spec.max === undefined || value <= spec.max) && (!spec.integer || Number.isInteger(value));
}

/**
 * Every spec'd param's value (given, else its default; a null default stays undefined), checked.
 * `others`: names the solver reads itself besides the specs (maxNodes, costModel …).
 */
export function readParams(solver: string, specs: readonly ParamSpec[], params: Record<string, unknown>, others: readonly string[] = []): Record<string, unknown> {
  const allowed = [...specs.map((s) => s.name), ...others];
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) throw new RangeError(`${solver}: unknown param '${key}'; allowed params are ${allowed.map((k) => `'${k}'`).join(', ')}`);
  }
  const values: Record<string, unknown> = {};
  for (const spec of specs) {
    const value = params[spec.name];
    if (value === undefined) {
      values[spec.name] = spec.default ?? undefined;
      continue;
    }
    if (!fits(spec, value)) throw new RangeError(`${solver}: param '${spec.name}' must be ${what(spec)}, got ${JSON.stringify(value)}`);
    values[spec.name] = value;
  }
  return values;
}
