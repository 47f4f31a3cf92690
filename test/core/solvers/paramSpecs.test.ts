/**
 * The params the app's solver panel offers (SolverEntry.params) are the solvers' own: each is
 * accepted, its stated default is the one the solver applies (the same plan with the value given
 * as without it), every choice runs, and a value out of range is refused naming the param.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED, OCTILE_NO_CUT } from '../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import { SOLVERS } from '../../../core/registry/registry.ts';
import { CROWD_SOLVERS } from '../../../core/solvers/crowd/index.ts';
import { randomInstance } from './optimal/randomInstances.ts';

const instance = randomInstance(3, 8, 8, 0.15, 6, FOUR_CONNECTED);
// The engine crowds may jam on a random map (what they are for); they get four units crossing an
// open room, which they all solve with their defaults.
const room = Grid.fromAscii(['........', '........', '........', '........', '........', '........']);
const crossing: MapfInstance = { grid: room, movement: OCTILE_NO_CUT, agents: [[0, 0, 7, 5], [7, 5, 0, 0], [0, 5, 7, 0], [7, 0, 0, 5]].map(([x, y, gx, gy]) => ({ start: room.cell(x, y), goal: room.cell(gx, gy) })) };
const crowds = CROWD_SOLVERS.map((s) => s.name);
const withParams = SOLVERS.filter((s) => s.params !== undefined && s.params.length > 0);
const run = (name: string, params: Record<string, unknown>) => {
  const entry = SOLVERS.find((s) => s.name === name)!;
  return entry.solve(crowds.includes(name) ? crossing : instance, { seed: 1, params });
};
/** A switched param may let a crowd jam or overlap: it must run and say so, not solve. */
const ran = (name: string) => (crowds.includes(name) ? ['solved', 'failed'] : ['solved']);

beforeAll(async () => {
  for (const entry of SOLVERS) await entry.prepare?.();
});

describe('solver params offered in the panel', () => {
  it('covers the CBS, LaCAM and crowd families', () => {
    expect(withParams.map((s) => s.name).sort()).toEqual(['cbs', 'detour', 'eecbs', 'flow-field', 'lacam', 'lacam-star', 'orca']);
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
        if (spec.kind === 'choice') for (const choice of spec.choices) expect(ran(entry.name), `${spec.name}=${choice}`).toContain(run(entry.name, { [spec.name]: choice }).status);
        if (spec.kind === 'boolean') expect(ran(entry.name), spec.name).toContain(run(entry.name, { [spec.name]: !spec.default }).status);
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
