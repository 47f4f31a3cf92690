/**
 * Solve requests with streams (wire instance version 4): the solver process runs the turn
 * controller as `solve --scenario` does and answers with every unit that appeared (ABSENT while
 * off the map), the replay and the stream's measures, all accepted by the result schema; a solver
 * that plans once fails, saying which take a stream; streams below version 4 or with cells off
 * the map are refused by the request schema.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { ABSENT } from '../../../core/mapf/plan.ts';
import type { StreamSpawner, Streams } from '../../../core/mapf/streams.ts';
import { PROTOCOL_VERSION, type FromSolverMessage, type SolveResultBody } from '../../../core/protocol/messages.ts';
import { createPortPair } from '../../../core/protocol/memoryPort.ts';
import { parseFromSolverMessage, parseSolveRequestBody } from '../../../core/protocol/schema.ts';
import { serveSolvers } from '../../../core/protocol/server.ts';
import { decodeInstanceStreams, decodePaths, encodeInstance } from '../../../core/protocol/wire.ts';
import { validateReplay } from '../../../core/contract/replay.ts';

// Two banks joined by a one-cell bridge at (6, 2); each side spawns at its top and exits at the other's bottom.
const grid = Grid.fromAscii(['......@......', '......@......', '.............', '......@......', '......@......']);
const at = (x: number, ys: number[]) => ys.map((y) => grid.cell(x, y));
const spawner = (name: string, cells: number[], exit: number, count: number): StreamSpawner =>
  ({ name, cells, startTurn: 0, schedule: { kind: 'every', every: 6 }, count, seed: 1, goal: { kind: 'exit', exit }, size: 1, speed: 1, priority: 0 });
const streams: Streams = {
  spawners: [spawner('west', at(0, [0, 1]), 0, 5), spawner('east', at(12, [0, 1]), 1, 5)],
  exits: [{ name: 'east', cells: at(12, [3, 4]) }, { name: 'west', cells: at(0, [3, 4]) }],
  placed: [],
};
const instance = { grid, movement: FOUR_CONNECTED, agents: [] };

async function solve(solver: string, wireStreams: Streams = streams): Promise<SolveResultBody> {
  const [caller, server] = createPortPair();
  serveSolvers(server);
  const done = new Promise<unknown>((resolve) => caller.onMessage((m) => {
    const type = (m as FromSolverMessage).type;
    if (type === 'result' || type === 'error') resolve(m);
  }));
  caller.postMessage({ v: PROTOCOL_VERSION, type: 'request', id: 's1', body: { solver, instance: encodeInstance(instance, [], [], wireStreams), params: { turnLimit: 400 } } });
  // The reply is read as the renderer's client reads it: through the result schema.
  const parsed = parseFromSolverMessage(await done);
  if (!parsed.ok) throw new Error(parsed.message);
  if (parsed.message.type !== 'result') throw new Error(`no result: ${JSON.stringify(parsed.message)}`);
  return parsed.message.body as SolveResultBody;
}

describe('a stream through the solver protocol', () => {
  it('carries streams on the wire in version 4 only, unlimited counts as null', () => {
    expect(encodeInstance(instance).version).toBe(1);
    const unlimited: Streams = { ...streams, spawners: [{ ...streams.spawners[0], count: Infinity }] , exits: streams.exits.slice(0, 1) };
    const wire = encodeInstance(instance, [], [], unlimited);
    expect(wire.version).toBe(4);
    expect(wire.streams!.spawners[0].count).toBeNull();
    expect(parseSolveRequestBody({ solver: 'pibt', instance: wire }).ok).toBe(true);
    expect(decodeInstanceStreams(wire)).toEqual(unlimited);
    expect(parseSolveRequestBody({ solver: 'pibt', instance: { ...wire, version: 3 } })).toMatchObject({ ok: false, message: expect.stringMatching(/streams.*needs instance version 4/) });
    const off = encodeInstance(instance, [], [], { ...streams, exits: [{ name: 'far', cells: [grid.cells + 3] }, streams.exits[1]] });
    expect(parseSolveRequestBody({ solver: 'pibt', instance: off })).toMatchObject({ ok: false, message: expect.stringMatching(/exits\[0\]\.cells: cell 68 is outside the 13x5 map/) });
  });

  it.each(['pibt', 'whca'])('%s runs the stream and sends back every unit, ABSENT off the map, with the measures', async (solver) => {
    const result = await solve(solver);
    expect(result.status, result.message).toBe('solved');
    const s = result.streams!;
    expect(s.appeared).toBe(10);
    expect(s.left).toBe(10);
    expect(s.unitSizes).toEqual(new Array(10).fill(1));
    expect(s.exitsPer10.reduce((x, y) => x + y, 0)).toBe(10);
    expect(s.spawners.map((sp) => sp.sent)).toEqual([5, 5]);
    const paths = decodePaths(result.paths);
    expect(paths).toHaveLength(10);
    const late = s.appearTurn.findIndex((t) => t > 0);
    expect(paths[late][0]).toBe(ABSENT);
    expect(paths[0].at(-1)).toBe(ABSENT);
    const replay = result.replay!;
    expect(replay.agents).toBe(10);
    // The replay is valid with every unit that appeared, each starting where it first stands.
    const units = paths.map((p) => ({ start: p.find((c) => c !== ABSENT)!, goal: p.findLast((c) => c !== ABSENT)! }));
    expect(validateReplay({ grid, movement: FOUR_CONNECTED, agents: units }, replay).violations).toEqual([]);
    expect(result.message).toMatch(/10 units appeared, 10 left/);
  });

  it('a solver that plans once refuses a stream, naming those that take one', async () => {
    const result = await solve('cbs');
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/cbs plans once .* solvers that take a stream: .*pibt/);
  });
});
