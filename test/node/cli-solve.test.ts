// `mapf-lab solve` end to end through main(), on a real Moving AI map and scenario.
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { MOVING_AI, skipWithoutBenchmarks } from '../support/benchmarks.ts';
import { main } from '../../cli/main.ts';
import type { CommandIo } from '../../cli/command.ts';
import { parseMap } from '../../core/formats/movingAiMap.ts';
import { parseScenario } from '../../core/formats/movingAiScenario.ts';
import { FOUR_CONNECTED } from '../../core/grid/movement.ts';
import { describeViolations, validatePlan } from '../../core/mapf/validator.ts';
import { sumOfCosts } from '../../core/mapf/plan.ts';

const BENCHMARKS = MOVING_AI;
const MAP = `${BENCHMARKS}maps/random-32-32-20.map`;
const SCEN = `${BENCHMARKS}scen/random-32-32-20-random-1.scen`;

function capture(): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

describe('mapf-lab solve', () => {
  beforeEach(skipWithoutBenchmarks);
  it('solves on the CPU clock when asked (--time-limit-clock cpu): the limit and the times are this thread\'s CPU time', async () => {
    const io = capture();
    const code = await main(['solve', '--map', MAP, '--scen', SCEN, '--agents', '6', '--solver', 'hca', '--time-limit', '60', '--time-limit-clock', 'cpu', '--json'], io);
    const out = JSON.parse(io.stdout.join(''));
    expect(out).toMatchObject({ solver: 'hca', status: 'solved' });
    expect(code).toBe(0);
    expect(out.metrics.initMs).toBeGreaterThan(0);
  });

  it('prints one JSON object: paths in scenario order from t = 0, success, costs and metrics', async () => {
    const io = capture();
    const code = await main(['solve', '--map', MAP, '--scen', SCEN, '--agents', '6', '--solver', 'independent', '--json'], io);
    const out = JSON.parse(io.stdout.join(''));
    expect(code).toBe(out.status === 'solved' ? 0 : 1);
    expect(out).toMatchObject({ solver: 'independent', agents: 6 });
    expect(Object.keys(out)).toEqual(expect.arrayContaining(['status', 'paths', 'success', 'sumOfCosts', 'makespan', 'metrics', 'pathLength', 'lowerBound', 'cycles', 'waits']));
    expect(Object.keys(out.metrics)).toEqual(expect.arrayContaining(['successRate', 'pathRatio', 'cyclesPerAgent', 'initMs', 'maxTurnMs', 'meanTurnMs', 'expanded', 'reservationsMax']));

    const grid = parseMap(readFileSync(MAP, 'utf8')).grid;
    const entries = parseScenario(readFileSync(SCEN, 'utf8')).entries.slice(0, 6);
    const agents = entries.map((e) => ({ start: grid.cell(e.startX, e.startY), goal: grid.cell(e.goalX, e.goalY) }));
    const paths: number[][] = out.paths.map((p: [number, number][]) => p.map(([x, y]) => grid.cell(x, y)));
    expect(paths).toHaveLength(6);
    paths.forEach((path, a) => {
      expect(path[0]).toBe(agents[a].start);
      expect(path).toHaveLength(out.metrics.turns + 1);
      expect(out.success[a]).toBe(path[path.length - 1] === agents[a].goal && out.collisions[a] === 0);
    });
    // The simulator refuses colliding moves, so what it executed is a valid (maybe unfinished) plan.
    const validation = validatePlan({ grid, movement: FOUR_CONNECTED, agents }, paths, { requireGoals: false });
    expect(validation.valid, describeViolations(validation)).toBe(true);
    // `valid` judges a solution: a run that did not solve reports null, as for its costs.
    expect(out.valid).toBe(out.status === 'solved' ? true : null);
    expect(out.metrics.successRate).toBeCloseTo(out.success.filter(Boolean).length / 6);
  });

  it('runs WHCA* with a window turn by turn, and an optimal solver whose plan is played through the simulator', async () => {
    const grid = parseMap(readFileSync(MAP, 'utf8')).grid;
    const entries = parseScenario(readFileSync(SCEN, 'utf8')).entries;
    const agentsOf = (k: number) => entries.slice(0, k).map((e) => ({ start: grid.cell(e.startX, e.startY), goal: grid.cell(e.goalX, e.goalY) }));
    const toCells = (out: { paths: [number, number][][] }) => out.paths.map((p) => p.map(([x, y]) => grid.cell(x, y)));

    const whca = capture();
    const code = await main(['solve', '--map', MAP, '--scen', SCEN, '--agents', '20', '--solver', 'whca', '--window', '8', '--param', 'order=given', '--json'], whca);
    const coop = JSON.parse(whca.stdout.join(''));
    expect(code).toBe(coop.status === 'solved' ? 0 : 1);
    expect(coop.solver).toBe('whca');
    const coopCheck = validatePlan({ grid, movement: FOUR_CONNECTED, agents: agentsOf(20) }, toCells(coop), { requireGoals: coop.status === 'solved' });
    expect(coopCheck.valid, describeViolations(coopCheck)).toBe(true);
    expect(coop.metrics.reservationsMax).toBeGreaterThan(0);
    expect(coop.metrics.turns).toBeLessThanOrEqual(100);

    const od = capture();
    expect(await main(['solve', '--map', MAP, '--scen', SCEN, '--agents', '4', '--solver', 'id+od', '--json'], od)).toBe(0);
    const optimal = JSON.parse(od.stdout.join(''));
    expect(optimal.status).toBe('solved');
    const check = validatePlan({ grid, movement: FOUR_CONNECTED, agents: agentsOf(4) }, toCells(optimal));
    expect(check.valid, describeViolations(check)).toBe(true);
    expect(optimal.sumOfCosts).toBeGreaterThanOrEqual(optimal.lowerBound.reduce((a: number, b: number) => a + b, 0));
    expect(optimal.success).toEqual([true, true, true, true]);
  });

  it('--cost-model: rest by default (and the help says so), sumOfCosts counted as asked and the optimal solvers minimise it; a bad model is a usage error', async () => {
    const help = capture();
    expect(await main(['solve', '--help'], help)).toBe(0);
    expect(help.stdout.join('\n')).toMatch(/rest \(default\): time until each agent rests on its goal for good/);
    const grid = parseMap(readFileSync(MAP, 'utf8')).grid;
    const entries = parseScenario(readFileSync(SCEN, 'utf8')).entries.slice(0, 12);
    const goals = entries.map((e) => grid.cell(e.goalX, e.goalY));
    const costs: Record<string, number> = {};
    for (const model of ['away', 'rest'] as const) {
      const io = capture();
      const args = ['solve', '--map', MAP, '--scen', SCEN, '--agents', '12', '--solver', 'id+od', '--json'];
      expect(await main(model === 'rest' ? args : [...args, '--cost-model', model], io)).toBe(0);
      const out = JSON.parse(io.stdout.join(''));
      expect(out.costModel).toBe(model);
      const paths: number[][] = out.paths.map((p: [number, number][]) => p.map(([x, y]) => grid.cell(x, y)));
      expect(out.sumOfCosts).toBe(sumOfCosts(paths, goals, model));
      costs[model] = out.sumOfCosts;
    }
    // Waits on the goal are free under 'away', so its optimum is never above the 'rest' optimum.
    expect(costs.away).toBeLessThanOrEqual(costs.rest);
    const bad = capture();
    expect(await main(['solve', '--map', MAP, '--scen', SCEN, '--agents', '2', '--solver', 'od', '--cost-model', 'makespan'], bad)).toBe(2);
    expect(bad.stderr.join('\n')).toMatch(/--cost-model must be away or rest, got 'makespan'/);
  });

  it('reports a parameter the solver does not take (exit 1)', async () => {
    const io = capture();
    expect(await main(['solve', '--map', MAP, '--scen', SCEN, '--agents', '2', '--solver', 'whca', '--param', 'speed=3'], io)).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/unknown param 'speed'/);
  });

  it('gives a run that did not solve no sum of costs or makespan, and says how many agents arrived', async () => {
    const json = capture();
    expect(await main(['solve', '--map', MAP, '--scen', SCEN, '--agents', '6', '--solver', 'whca', '--turn-limit', '2', '--json'], json)).toBe(1);
    const out = JSON.parse(json.stdout.join(''));
    expect(out.status).toBe('failed');
    expect(out).toMatchObject({ sumOfCosts: null, makespan: null, costModel: 'rest' });
    expect(out.arrived).toBe(out.success.filter(Boolean).length);
    const text = capture();
    await main(['solve', '--map', MAP, '--scen', SCEN, '--agents', '6', '--solver', 'whca', '--turn-limit', '2'], text);
    expect(text.stdout.join('\n')).toMatch(/sum of costs: none, makespan: none \(not solved: \d of 6 agents on their goal\)/);
  });

  it('reports the lower bound a solver proved (cbs: equal to its optimal cost), and none for others', async () => {
    const io = capture();
    expect(await main(['solve', '--map', MAP, '--scen', SCEN, '--agents', '10', '--solver', 'cbs', '--json'], io)).toBe(0);
    const out = JSON.parse(io.stdout.join(''));
    expect(out.status).toBe('solved');
    expect(out.costModel).toBe('rest');
    expect(out.costLowerBound).toBe(out.sumOfCosts);
    const other = capture();
    await main(['solve', '--map', MAP, '--scen', SCEN, '--agents', '3', '--solver', 'whca', '--json'], other);
    expect(JSON.parse(other.stdout.join(''))).not.toHaveProperty('costLowerBound');
  });

  it('prints a readable summary', async () => {
    const io = capture();
    await main(['solve', `--map=${MAP}`, `--scen=${SCEN}`, '--agents=1', '--solver=independent', '--turn-limit', '200'], io);
    const text = io.stdout.join('\n');
    expect(text).toContain('status: solved');
    expect(text).toMatch(/agents: 1 of 1 succeeded \(100\.0%\)/);
    expect(text).toMatch(/path length: mean \d+\.\d\d, lower bound \d+\.\d\d, ratio 1\.000/);
    expect(text).toMatch(/time: initial planning [\d.]+ ms, max turn [\d.]+ ms/);
  });

  it.each([
    [['--scen', SCEN, '--agents', '2', '--solver', 'independent'], /--map is required/],
    [['--map', MAP, '--scen', SCEN, '--agents', '2', '--solver', 'nope'], /--solver: unknown solver 'nope' \(known: .*independent/],
    [['--map', MAP, '--scen', SCEN, '--agents', '0', '--solver', 'independent'], /--agents needs a whole number >= 1, got '0'/],
    [['--map', MAP, '--scen', SCEN, '--agents', '2', '--solver', 'independent', '--connectivity', '6'], /--connectivity must be 4 or 8, got '6'/],
    [['--map', MAP, '--scen', SCEN, '--agents', '2', '--solver', 'independent', '--time-limit', '-1'], /--time-limit needs a number of seconds > 0/],
    [['--map', MAP, '--scen', SCEN, '--agents', '2', '--solver', 'independent', '--time-limit-clock', 'sundial'], /--time-limit-clock must be wall or cpu, got 'sundial'/],
    [['--map', MAP, '--scen', SCEN, '--agents', '2', '--solver', 'independent', '--window'], /--window needs a value/],
    [['--map', MAP, '--scen', SCEN, '--agents', '2', '--solver', 'independent', '--frobnicate'], /unknown option '--frobnicate'/],
    [['--map', MAP, '--scen', SCEN, '--agents', '5000', '--solver', 'independent'], /--agents 5000: .* has only \d+ agents/],
  ])('rejects a bad command line %# naming the option (exit 2)', async (args, message) => {
    const io = capture();
    expect(await main(['solve', ...args], io)).toBe(2);
    expect(io.stderr.join('\n')).toMatch(message);
    expect(io.stderr.join('\n')).toContain('Usage: mapf-lab solve');
  });

  it('reports a scenario that does not fit the map (exit 1)', async () => {
    const io = capture();
    // An empty map's scenario puts agents where the maze has walls.
    const other = `${BENCHMARKS}scen/empty-32-32-random-1.scen`;
    expect(await main(['solve', '--map', `${BENCHMARKS}maps/maze-32-32-2.map`, '--scen', other, '--agents', '100', '--solver', 'independent'], io)).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/mapf-lab solve: .*scen:\d+:\d+: .*(wall|does not match)/);
  });
});
