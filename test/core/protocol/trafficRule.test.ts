/**
 * The lane's traffic rule (platoons) is a registered turn controller flagged as a rule: the
 * solver process runs it in a stream through the registry like any controller, with the stream
 * decoded once per request; it is not a solver to pick (not in SOLVERS, CONTROLLERS or the
 * "solvers that take a stream" list), and without a stream it is an unknown solver.
 */
import { describe, expect, it, vi } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import type { StreamSpawner, Streams } from '../../../core/mapf/streams.ts';
import { PROTOCOL_VERSION, type FromSolverMessage, type SolveResultBody } from '../../../core/protocol/messages.ts';
import { createPortPair } from '../../../core/protocol/memoryPort.ts';
import { serveSolvers } from '../../../core/protocol/server.ts';
import { noStreamMessage } from '../../../core/protocol/streamSolve.ts';
import * as wire from '../../../core/protocol/wire.ts';
import { CONTROLLERS, STREAM_CONTROLLERS, findStreamController, solverNames } from '../../../core/registry/registry.ts';

vi.mock('../../../core/protocol/wire.ts', async (original) => {
  const actual = await original<typeof import('../../../core/protocol/wire.ts')>();
  return { ...actual, decodeInstanceStreams: vi.fn(actual.decodeInstanceStreams) };
});

// Two banks joined by a one-lane bridge 5 cells long on row 2.
const grid = Grid.fromAscii(['....@@@@@....', '....@@@@@....', '.............', '....@@@@@....', '....@@@@@....']);
const at = (x: number, ys: number[]) => ys.map((y) => grid.cell(x, y));
const spawner = (name: string, cells: number[], exit: number): StreamSpawner =>
  ({ name, cells, startTurn: 0, schedule: { kind: 'every', every: 4 }, count: 6, seed: 1, goal: { kind: 'exit', exit }, size: 1, speed: 1, priority: 0 });
const streams: Streams = {
  spawners: [spawner('west', at(0, [0, 1]), 0), spawner('east', at(12, [0, 1]), 1)],
  exits: [{ name: 'east', cells: at(12, [3, 4]) }, { name: 'west', cells: at(0, [3, 4]) }],
  placed: [],
};
const instance = { grid, movement: FOUR_CONNECTED, agents: [] };

async function ask(solver: string, withStreams: boolean): Promise<FromSolverMessage> {
  const [caller, server] = createPortPair();
  serveSolvers(server);
  const done = new Promise<FromSolverMessage>((resolve) => caller.onMessage((m) => {
    const message = m as FromSolverMessage;
    if (message.type === 'result' || message.type === 'error') resolve(message);
  }));
  caller.postMessage({ v: PROTOCOL_VERSION, type: 'request', id: 'r1', body: { solver, instance: wire.encodeInstance(instance, [], [], withStreams ? streams : undefined), params: { turnLimit: 120 } } });
  return done;
}

describe('the platoon traffic rule as a registered controller', () => {
  it('is a stream controller flagged as a rule, kept out of the pickers and of the stream solvers\' list', () => {
    const rule = findStreamController('platoons');
    expect(rule?.rule).toBe(true);
    expect(STREAM_CONTROLLERS.filter((c) => c.rule).map((c) => c.name)).toEqual(['platoons']);
    expect(CONTROLLERS.map((c) => c.name)).not.toContain('platoons');
    expect(solverNames()).not.toContain('platoons');
    expect(noStreamMessage('cbs')).not.toMatch(/platoons/);
    expect(findStreamController('pibt')?.rule).toBeUndefined();
  });

  it('runs in a stream through the solver process, the stream decoded once', async () => {
    const decode = vi.mocked(wire.decodeInstanceStreams);
    decode.mockClear();
    const reply = await ask('platoons', true);
    expect(reply.type).toBe('result');
    if (reply.type !== 'result') return;
    const body = reply.body as SolveResultBody;
    expect(body.solver).toBe('platoons');
    expect(body.streams?.left).toBeGreaterThan(0);
    expect(decode).toHaveBeenCalledTimes(1);
  });

  it('is an unknown solver without a stream', async () => {
    const reply = await ask('platoons', false);
    expect(reply).toMatchObject({ type: 'error', name: 'UnknownSolverError' });
  });
});
