/**
 * The params the app's solver panel offers (SolverEntry.params) are the solvers' own: each is
 * accepted, its stated default is the one the solver applies (the same plan with the value given
 * as without it), every choice runs, and a value out of range is refused naming the param.
 */
import { describe, expect, it } from 'vitest';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { SOLVERS } from '../../../core/registry/registry.ts';
import { randomInstance } from './optimal/randomInstances.ts';

const instance = randomInstance(3, 8, 8, 0.15, 6, FOUR_CONNECTED);
const withParams = SOLVERS.filter((s) => s.params !== undefined && s.params.length > 0);
const run = (name: string, params: Record<string, unknown>) => {
  const entry = SOLVERS.find((s) => s.name === name)!;
  return entry.solve(instance, { seed: 1, params });
};

describe('solver params offered in the panel', () => {
  it('covers the CBS and LaCAM families', () => {
    expect(withParams.map((s) => s.name).sort()).toEqual(['cbs', 'eecbs', 'lacam', 'lacam-star']);
  });

  for (const entry of withParams) {
    it(`${entry.name}: every default is the one the solver applies`, () => {
      const plain = run(entry.name, {});
      expect(plain.status).toBe('solved');
      for (const spec of entry.params!) {
        if (spec.default === null) continue;
        const given = run(entry.name, { [spec.name]: spec.default });
        expect(given.status, spec.name).toBe('solved');
        expect(given.paths, spec.name).toEqual(plain.paths);
      }
    });

    it(`${entry.name}: every choice and switch runs, and out-of-range values are refused by name`, () => {
      for (const spec of entry.params!) {
        if (spec.kind === 'choice') for (const choice of spec.choices) expect(run(entry.name, { [spec.name]: choice }).status, `${spec.name}=${choice}`).toBe('solved');
        if (spec.kind === 'boolean') expect(run(entry.name, { [spec.name]: !spec.default }).status, spec.name).toBe('solved');
        // A value of the wrong kind, refused by name.
        expect(() => run(entry.name, { [spec.name]: spec.kind === 'number' ? String(spec.min) : spec.kind === 'boolean' ? 'yes' : 'zzz' }), spec.name).toThrow(`param '${spec.name}' must be`);
        if (spec.kind === 'number') {
          expect(() => run(entry.name, { [spec.name]: spec.min - 1 }), spec.name).toThrow(spec.name);
          if (spec.max !== undefined) expect(() => run(entry.name, { [spec.name]: spec.max! + 1 }), spec.name).toThrow(spec.name);
        }
      }
    });
  }
});
