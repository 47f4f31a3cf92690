import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../../core/grid/movement.ts';
import type { StreamSpawner, Streams } from '../../../../core/mapf/streams.ts';
import { runController } from '../../../../core/simulation/simulator.ts';
import { CONTROLLERS } from '../../../../core/registry/registry.ts';

// An open 16 x 16 room: units placed on the left column walk right; one spawner in the bottom-right
// corner sends a unit every 8 turns from turn 4 (WHCA*(32)'s scheduled replans of the 4 placed units fall
// on turns 1, 5, 9 ...: never a spawn turn) to an exit of two cells in the top-right corner. Nobody's path crosses another's.
const grid = Grid.fromAscii(Array.from({ length: 16 }, () => '.'.repeat(16)));
const placedAgents = [2, 5, 8, 11].map((y) => ({ start: grid.cell(0, y), goal: grid.cell(15, y) }));
const spawner: StreamSpawner = {
  name: 'corner', cells: [grid.cell(15, 15)], startTurn: 4, schedule: { kind: 'every', every: 8 }, count: 3, seed: 1,
  goal: { kind: 'exit', exit: 0 }, size: 1, speed: 1, priority: 0,
};
const streams: Streams = { spawners: [spawner], exits: [{ name: 'top', cells: [grid.cell(15, 0), grid.cell(14, 0)] }], placed: [] };
const factory = (name: string) => CONTROLLERS.find((c) => c.name === name)!.factory;
const params = (name: string) => (name === 'whca' ? { window: 32 } : {});

/** The replans at each spawn turn, by unit. */
function replansAtSpawns(name: string, rebuild: boolean): { spawnTurns: number[]; replans: number[][] } {
  const make = factory(name);
  // Without unitsChanged the simulator rebuilds the controller over every unit at each change.
  const f: typeof make = rebuild ? (instance, options) => Object.assign(make(instance, options), { unitsChanged: undefined }) : make;
  const result = runController({ grid, movement: FOUR_CONNECTED, agents: placedAgents }, f, { seed: 1, params: params(name) }, { turnLimit: 200, streams });
  expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
  expect(result.streams!.appeared).toBe(7);
  expect(result.streams!.left).toBe(3);
  const spawnTurns = result.streams!.appearTurn.slice(4);
  const replans = spawnTurns.map((t) => result.replay.events.filter((e) => e.kind === 'replan' && e.t === t).map((e) => e.agent));
  return { spawnTurns, replans };
}

describe('cooperative controllers take the changes of a stream themselves', () => {
  it.each(['ca', 'hca', 'whca'])('%s: a unit that appears plans alone; the units already moving do not replan', (name) => {
    const { spawnTurns, replans } = replansAtSpawns(name, false);
    expect(spawnTurns).toEqual([4, 12, 20]);
    // Only the new unit replans at a spawn turn (CA* and HCA* may find none while a unit parks on its exit cell).
    expect(replans[0]).toEqual([4]);
    for (const [k, agents] of replans.entries()) expect(agents.filter((a) => a !== 4 + k)).toEqual([]);
  });

  it.each(['ca', 'hca', 'whca'])('%s: the same run rebuilt at each change replans every unit on the map (what the test above rules out)', (name) => {
    const { replans } = replansAtSpawns(name, true);
    expect(replans[0].length).toBeGreaterThan(1);
  });
});
