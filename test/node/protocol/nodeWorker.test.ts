// The solver protocol over real worker threads: what the in-memory tests cannot show, a solver
// stuck in a tight loop or killing its thread, while the caller stays responsive.
import { afterEach, describe, expect, it } from 'vitest';
import { chokepointExample } from '../../../core/examples/chokepoint.ts';
import { validatePlan } from '../../../core/mapf/validator.ts';
import { SolverClient } from '../../../core/protocol/client.ts';
import type { SolveRequestBody } from '../../../core/protocol/messages.ts';
import { PROTOCOL_VERSION } from '../../../core/protocol/messages.ts';
import { decodePaths, encodeInstance } from '../../../core/protocol/wire.ts';
import { spawnNodeSolverWorker } from '../../../cli/solverWorker/spawnNodeSolverWorker.ts';
import { Grid } from '../../../core/grid/grid.ts';
import { decodeInstance } from '../../../core/protocol/wire.ts';
import { replayCell, validateReplay } from '../../../core/contract/replay.ts';

const example = chokepointExample();
const body = (solver: string, extra: Partial<SolveRequestBody> = {}): SolveRequestBody => ({ solver, instance: encodeInstance(example), ...extra });
const spawnTesting = () => spawnNodeSolverWorker({ testSolvers: true });

let client: SolverClient | undefined;
afterEach(() => client?.dispose());

async function untilBusy(c: SolverClient): Promise<void> {
  while (c.busy === 0) await new Promise((r) => setTimeout(r, 2));
}

describe('solver protocol over worker threads', () => {
  it('solves the example in a worker thread', async () => {
    client = new SolverClient(spawnTesting);
    const progress: string[] = [];
    const result = await client.solve(body('independent'), { onProgress: (p) => progress.push(p.message) }).result;
    // Independent paths collide at the gap: the validator's verdict, not the solver's 'solved'.
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/^the plan validator found \d+ conflicts; first: vertex conflict: units \d and \d at \(\d+, \d+\), t=\d+/);
    expect(progress.length).toBeGreaterThan(0);
    const paths = decodePaths(result.paths);
    const single = validatePlan(example, paths).violations.filter((v) => !['vertex', 'swap', 'following', 'rotation'].includes(v.rule));
    expect(single).toEqual([]);
  });

  it('carries a version-2 instance (a slow unit, a door) to a thread and the replay back, typed arrays intact', async () => {
    client = new SolverClient(spawnTesting);
    // Row 1 is the corridor, the door at (3, 1) closes at turn 2; row 3 is the way round; the
    // slow unit has row 5 to itself.
    const grid = Grid.fromAscii(['@@@@@@@', '.......', '.@@@@@.', '.......', '@@@@@@@', '.......']);
    const door = grid.cell(3, 1);
    const instance = encodeInstance(
      { grid, movement: { connectivity: 4, corners: 'no-cut' }, agents: [{ start: grid.cell(0, 1), goal: grid.cell(6, 1) }, { start: grid.cell(6, 5), goal: grid.cell(0, 5), speed: 2 }] },
      [{ t: 2, action: 'close', cells: [door] }],
    );
    expect(instance.version).toBe(2);
    const result = await client.solve({ solver: 'whca', instance, seed: 1 }).result;
    expect(result.status).toBe('solved');
    const replay = result.replay!;
    expect(replay.positions).toBeInstanceOf(Int32Array);
    expect(replay.mapChanges).toEqual([{ t: 2, cells: [door], passable: false }]);
    for (let t = 2; t <= replay.turns; t++) expect(replayCell(replay, t, 0)).not.toBe(door);
    expect(validateReplay(decodeInstance(instance), replay, { requireGoals: true }).violations).toEqual([]);
    // Six moves at two turns a move.
    expect(replay.turns).toBeGreaterThanOrEqual(11);
  });

  // How soon a cancel lands is bench:protocol's figure (cancel latency), not a test's.
  it('cancels a tight-loop solve, then serves the next request', async () => {
    client = new SolverClient(spawnTesting);
    const job = client.solve(body('test-spin'));
    await untilBusy(client);
    await new Promise((r) => setTimeout(r, 30)); // let it spin
    client.cancel(job.id);
    const result = await job.result;
    expect(result).toMatchObject({ status: 'cancelled', message: 'cancelled by the caller' });
    expect((await client.solve(body('hca')).result).status).toBe('solved');
  });

  it('reports a crashed thread as failed, then serves the next request on a fresh one', async () => {
    client = new SolverClient(spawnTesting);
    const crashed = await client.solve(body('test-exit')).result;
    expect(crashed).toMatchObject({ status: 'failed', message: "the solver process crashed while running 'test-exit' (exit code 3)" });
    expect((await client.solve(body('hca')).result).status).toBe('solved');
  });

  it('reports an uncaught asynchronous exception as the exit reason', async () => {
    const handle = spawnTesting();
    const reason = new Promise<string>((resolve) => handle.onExit(resolve));
    handle.port.postMessage({ v: PROTOCOL_VERSION, type: 'request', id: 'a1', body: body('test-throw-async') });
    expect(await reason).toBe('uncaught Error: solver blew up after answering');
  });

  it('stops a thread that does not answer past its deadline, then serves the next request', async () => {
    client = new SolverClient(spawnTesting, { hangGraceMs: 100 });
    const hung = await client.solve(body('test-hang', { timeLimitMs: 50 })).result;
    expect(hung).toMatchObject({ status: 'failed', message: 'solver process did not answer within 150 ms; it was stopped' });
    expect((await client.solve(body('hca')).result).status).toBe('solved');
  });

  it('matches every reply to its request with several in flight on a pool of 2', async () => {
    client = new SolverClient(spawnTesting, { poolSize: 2 });
    // Decreasing delays, so replies come back in a different order from the requests.
    const jobs = [1, 2, 3, 4, 5].map((seed) => client!.solve(body('test-echo', { seed, params: { delayMs: 60 - seed * 10 } })));
    await untilBusy(client);
    expect(client.busy).toBeLessThanOrEqual(2);
    const results = await Promise.all(jobs.map((j) => j.result));
    expect(results.map((r) => r.stats.seed)).toEqual([1, 2, 3, 4, 5]);
  });

  it('does not offer test solvers in a production worker', async () => {
    client = new SolverClient(() => spawnNodeSolverWorker());
    const result = await client.solve(body('test-spin')).result;
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/^UnknownSolverError: unknown solver 'test-spin' \(known solvers: independent[^)]*\)$/);
    expect(result.message).not.toMatch(/test-(echo|exit|hang)/);
  });
});
