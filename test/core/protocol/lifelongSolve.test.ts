/**
 * A League of Robot Runners problem through the solver protocol (the solve request's `lifelong`
 * field): the solver process reads the problem from the texts the request carries, runs the
 * lifelong planner and answers with the actions, tasks finished per step and measures, read back
 * through the result schema as the app's client reads them; the robots' cells replayed from the
 * actions are the paths sent, and they pass the validator with TURNING headings. A file the
 * request did not carry is named; an offline solver's name is refused, naming the lifelong planners.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { PROTOCOL_VERSION, type FromSolverMessage, type SolveResultBody } from '../../../core/protocol/messages.ts';
import { createPortPair } from '../../../core/protocol/memoryPort.ts';
import { parseFromSolverMessage, parseSolveRequestBody } from '../../../core/protocol/schema.ts';
import { serveSolvers } from '../../../core/protocol/server.ts';
import { decodePaths, encodeInstance } from '../../../core/protocol/wire.ts';
import { unpackTasks, type WireLifelongRequest } from '../../../core/protocol/lifelongWire.ts';

const ROWS = ['........', '.@@..@@.', '........', '.@@..@@.', '........', 'E......S'];
const MAP = ['type octile', `height ${ROWS.length}`, 'width 8', 'map', ...ROWS, ''].join('\n');
const request = (files: Record<string, string>): WireLifelongRequest => ({
  file: 'p.json',
  problem: JSON.stringify({ mapFile: 'maps/m.map', agentFile: 'a.agents', taskFile: 't.tasks', teamSize: 4, numTasksReveal: 1.5 }),
  files,
  steps: 80,
  stepLimitMs: 1000,
});
const FILES = {
  'maps/m.map': MAP,
  'a.agents': ['# robots', '4', '0', '7', '32', '39', ''].join('\n'),
  't.tasks': ['# tasks', '4', '40,7', '47,0', '4,44', '20,3', ''].join('\n'),
};
const grid = Grid.fromAscii(ROWS.map((r) => r.replace(/[ES]/g, '.')));

async function run(solver: string, lifelong: WireLifelongRequest): Promise<{ body: SolveResultBody | null; error: string | null; progress: number }> {
  const [caller, server] = createPortPair();
  serveSolvers(server);
  let progress = 0;
  const done = new Promise<unknown>((resolve) => caller.onMessage((m) => {
    const type = (m as FromSolverMessage).type;
    if (type === 'progress') progress++;
    if (type === 'result' || type === 'error') resolve(m);
  }));
  const body = { solver, instance: encodeInstance({ grid, movement: FOUR_CONNECTED, agents: [] }), seed: 1, lifelong };
  const checked = parseSolveRequestBody(body);
  if (!checked.ok) throw new Error(checked.message);
  caller.postMessage({ v: PROTOCOL_VERSION, type: 'request', id: 'l1', body: checked.body });
  const parsed = parseFromSolverMessage(await done);
  if (!parsed.ok) throw new Error(parsed.message);
  if (parsed.message.type === 'error') return { body: null, error: parsed.message.message, progress };
  if (parsed.message.type !== 'result') throw new Error('no result');
  return { body: parsed.message.body as SolveResultBody, error: null, progress };
}

describe('a LoRR problem through the solver protocol', () => {
  it('runs it lifelong and answers with actions, throughput and paths that replay from them', async () => {
    const { body, progress } = await run('flow-pibt', request(FILES));
    expect(progress).toBeGreaterThan(0);
    expect(body!.status, body!.message).toBe('solved');
    const life = body!.lifelong!;
    expect(life).toMatchObject({ robots: 4, steps: 80, clock: 'wall', plannerErrors: 0, planner: 'flow-pibt', scheduler: 'greedy' });
    expect(life.finishedPerStep.reduce((a, b) => a + b, 0)).toBe(life.tasksFinished);
    expect(life.tasksFinished).toBeGreaterThan(2);
    const paths = decodePaths(body!.paths);
    expect(paths.map((p) => p.length)).toEqual([81, 81, 81, 81]);
    // The paths are the actions replayed: a forward action moves the robot, any other keeps its cell.
    for (let r = 0; r < 4; r++) {
      for (let t = 0; t < 80; t++) expect(paths[r][t + 1] !== paths[r][t]).toBe(life.actions[t * 4 + r] === 1);
    }
    expect(unpackTasks(life.tasks).length).toBeGreaterThanOrEqual(6);
    expect(body!.message).toMatch(/80 steps, \d+ tasks finished/);
  });

  it('runs the scheduler the request names and says so; refuses one it does not know, naming the known', async () => {
    const { body } = await run('pibt-rotations', { ...request(FILES), scheduler: 'hungarian' });
    expect(body!.status, body!.message).toBe('solved');
    expect(body!.lifelong).toMatchObject({ planner: 'pibt-rotations', scheduler: 'hungarian', scheduleErrors: 0 });
    const unknown = await run('flow-pibt', { ...request(FILES), scheduler: 'auction' });
    expect(unknown.body!.status).toBe('failed');
    expect(unknown.body!.message).toMatch(/'auction' is not a task scheduler.*greedy, hungarian, ours/);
  });

  it('names a file the request did not carry, and refuses a planner that is not lifelong', async () => {
    const missing = await run('flow-pibt', request({ 'maps/m.map': MAP, 'a.agents': FILES['a.agents'] }));
    expect(missing.error).toMatch(/p\.json:\d+:\d+: taskFile 't\.tasks' cannot be read/);
    const offline = await run('cbs', request(FILES));
    expect(offline.body!.status).toBe('failed');
    expect(offline.body!.message).toMatch(/'cbs' is not a lifelong planner.*flow-pibt/);
  });
});
