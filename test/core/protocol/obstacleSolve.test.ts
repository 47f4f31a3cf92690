/**
 * Solve requests among moving obstacles (wire instance version 3): the solver process
 * runs the units planning alone by the requested strategy and sends each obstacle's executed
 * cells back; a solver that does not take obstacles fails, saying so; a wire instance naming
 * obstacles below version 3 is refused by the schema.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { obstacleViolations } from '../../../core/mapf/obstacles.ts';
import { validatePlan } from '../../../core/mapf/validator.ts';
import { PROTOCOL_VERSION, type FromSolverMessage, type SolveResultBody } from '../../../core/protocol/messages.ts';
import { createPortPair } from '../../../core/protocol/memoryPort.ts';
import { parseSolveRequestBody, solveResultBodySchema } from '../../../core/protocol/schema.ts';
import { serveSolvers } from '../../../core/protocol/server.ts';
import { decodeInstance, decodeObstacles, decodePaths, encodeInstance } from '../../../core/protocol/wire.ts';
import { decodeTurnEvents } from '../../../core/protocol/turnEventWire.ts';

const grid = Grid.fromAscii(['@@@@.@@@@', '.........', '.........', '.........', '@@@@.@@@@']);
const instance = { grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(0, 1), goal: grid.cell(8, 1) }, { start: grid.cell(8, 3), goal: grid.cell(0, 3) }] };
const cart = { id: 'cart', size: 1, speed: 1, route: [grid.cell(4, 0), grid.cell(4, 4)], mode: 'ping-pong' as const, startTurn: 0 };

async function solve(solver: string, params: Record<string, unknown>): Promise<SolveResultBody> {
  const [caller, server] = createPortPair();
  serveSolvers(server);
  const replies: FromSolverMessage[] = [];
  const done = new Promise<void>((resolve) => caller.onMessage((m) => {
    replies.push(m as FromSolverMessage);
    if ((m as FromSolverMessage).type === 'result' || (m as FromSolverMessage).type === 'error') resolve();
  }));
  caller.postMessage({ v: PROTOCOL_VERSION, type: 'request', id: 'o1', body: { solver, instance: encodeInstance(instance, [], [cart]), params } });
  await done;
  const result = replies.find((m) => m.type === 'result');
  if (!result || result.type !== 'result') throw new Error(`no result: ${JSON.stringify(replies.at(-1))}`);
  return result.body as SolveResultBody;
}

describe('solving among moving obstacles in the solver process', () => {
  it('carries obstacles on the wire (version 3 only when there are some)', () => {
    expect(encodeInstance(instance).version).toBe(1);
    const wire = encodeInstance(instance, [], [cart]);
    expect(wire.version).toBe(3);
    expect(decodeObstacles(wire)).toEqual([{ ...cart, route: [grid.cell(4, 0), grid.cell(4, 4)] }]);
    expect(decodeInstance(wire).agents).toEqual(instance.agents);
    expect(parseSolveRequestBody({ solver: 'independent', instance: { ...wire, version: 2 } })).toMatchObject({ ok: false, message: expect.stringMatching(/obstacles.*needs instance version 3/) });
  });

  it.each(['recalc', 'splice', 'watch', 'predict', 'incremental'])('runs the units by %s and sends the obstacles\' executed cells back', async (strategy) => {
    const result = await solve('independent', { strategy });
    expect(result.status).toBe('solved');
    const paths = decodePaths(result.paths);
    const obstaclePaths = decodePaths(result.obstaclePaths!);
    expect(obstaclePaths).toHaveLength(1);
    expect(validatePlan(instance, paths).violations).toEqual([]);
    expect(obstacleViolations(paths, obstaclePaths)).toEqual([]);
    expect(result.stats).toMatchObject({ pathStepsComputed: expect.any(Number), obstacleBlocks: expect.any(Number), obstacleWaits: expect.any(Number) });
    // A replay the schema accepts, with a timeline mark for every replan, each with its reason.
    expect(solveResultBodySchema.safeParse(result).success).toBe(true);
    const events = decodeTurnEvents(result.replay!.events);
    expect(events.length).toBe(result.stats.replans);
    for (const e of events) expect(e).toMatchObject({ kind: 'replan', detail: expect.stringMatching(/\w/) });
  });

  it('says why each replan happened: every N steps, blocked, a bad splice', async () => {
    const every = await solve('independent', { strategy: 'recalc', every: 3 });
    expect(decodeTurnEvents(every.replay!.events).some((e) => e.detail === 'every 3 steps')).toBe(true);
  });

  it.each(['lra', 'ca', 'hca', 'whca'])('runs %s among the obstacles by recalc and watch, with its replay and turn times', async (solver) => {
    for (const params of [{ strategy: 'recalc' }, { strategy: 'watch', regionSize: 2 }]) {
      const result = await solve(solver, params);
      expect(result.status, result.message).toBe('solved');
      const paths = decodePaths(result.paths);
      expect(validatePlan(instance, paths).violations).toEqual([]);
      expect(obstacleViolations(paths, decodePaths(result.obstaclePaths!))).toEqual([]);
      expect(result.stats).toMatchObject({ pathStepsComputed: expect.any(Number), maxTurnMs: expect.any(Number) });
      expect(solveResultBodySchema.safeParse(result).success).toBe(true);
      expect(result.replay!.agents).toBe(paths.length);
    }
  });

  it('a run the turn limit stopped is failed, not a time-out, saying so, for units planning alone and for a cooperative solver', async () => {
    for (const solver of ['independent', 'whca']) {
      const result = await solve(solver, { turnLimit: 2 });
      expect(result.status, solver).toBe('failed');
      expect(result.message, solver).toMatch(/did not arrive within 2 turns/);
    }
  });

  it('fails, saying why, for a solver that does not take obstacles and for an unknown strategy', async () => {
    expect(await solve('cbs', {})).toMatchObject({ status: 'failed', message: expect.stringMatching(/^cbs does not take moving obstacles: it plans once for a fixed world.*solvers that do: independent, lra, ca, hca, whca/) });
    expect(await solve('whca', { strategy: 'predict' })).toMatchObject({ status: 'failed', message: expect.stringMatching(/predict is for units planning alone \(solver independent\); whca takes recalc or watch/) });
    expect(await solve('independent', { strategy: 'teleport' })).toMatchObject({ status: 'failed', message: expect.stringMatching(/unknown strategy 'teleport'/) });
    expect(await solve('independent', { strategy: 'splice', regionSize: 4 })).toMatchObject({ status: 'failed', message: 'splice takes m, every, limit' });
  });
});
