/**
 * WHCA*'s priority by progress in a stream (cooperativePlanning.ts, `progressPriority`): a unit
 * whose plan would start by waiting away from its goal searches again ranked by how near its goal
 * it is, and overrides the units of its priority further from theirs, without being promoted.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../../core/grid/movement.ts';
import type { Streams } from '../../../../core/mapf/streams.ts';
import { CONTROLLERS } from '../../../../core/registry/registry.ts';
import { runController } from '../../../../core/simulation/simulator.ts';

// A one-cell bridge (5, 2) crossed both ways by a unit a turn from each bank: units queue at its mouths.
const grid = Grid.fromAscii(['.....@.....', '.....@.....', '...........', '.....@.....', '.....@.....']);
const at = (x: number, ys: number[]) => ys.map((y) => grid.cell(x, y));
const side = (name: string, x: number, exit: number) => ({
  name, cells: at(x, [0, 1]), startTurn: 0, schedule: { kind: 'every' as const, every: 1 }, count: 40, seed: 1, goal: { kind: 'exit' as const, exit }, size: 1, speed: 1, priority: 0,
});
const streams: Streams = { spawners: [side('west', 0, 0), side('east', 10, 1)], exits: [{ name: 'east', cells: at(10, [3, 4]) }, { name: 'west', cells: at(0, [3, 4]) }], placed: [] };
const whca = CONTROLLERS.find((c) => c.name === 'whca')!.factory;

/** Overrides by a unit that was not promoted that turn (without progress, only promotion overrides: every base priority is 0). */
function run(params: Record<string, unknown>) {
  const result = runController({ grid, movement: FOUR_CONNECTED, agents: [] }, whca, { seed: 1, params: { window: 16, ...params } }, { turnLimit: 400, streams });
  expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
  expect(result.streams!.left).toBe(80);
  const promoted = new Set(result.replay.events.filter((e) => e.kind === 'promotion').map((e) => `${e.agent}@${e.t}`));
  const overrides = result.replay.events.filter((e) => e.kind === 'priority-override');
  return { byProgress: overrides.filter((e) => !promoted.has(`${e.agent}@${e.t}`)).length, result };
}

describe('WHCA*: priority by progress in a stream', () => {
  it('a unit held at its rank overrides a unit further from its goal, without a promotion', () => {
    expect(run({}).byProgress).toBeGreaterThan(0);
  });

  it('off (progressPriority false), only promoted units override', () => {
    expect(run({ progressPriority: false }).byProgress).toBe(0);
  });

  it('rejects a malformed progressPriority naming the param', () => {
    expect(() => whca({ grid, movement: FOUR_CONNECTED, agents: [] }, { seed: 1, params: { progressPriority: 'often' } })).toThrow(/'progressPriority' must be true, false or 'streams'/);
  });
});
