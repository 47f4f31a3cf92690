// `mapf-lab solve --export FORMAT=FILE` (point 5): each file is read back with a reader
// written here from the other tool's own documentation, never with our writers' code:
// - lorr: the Start-Kit's Input_Output_Format.md ("Output file") and PlanViz's Tk reader for
//   "2023 LoRR" (script/plan_config.py PlanConfig2023: start [row, col, heading], MAPF motions
//   U row + 1, D row - 1, L col - 1, R col + 1, W; errors [a1, a2, t, text]; events per agent
//   [task, t, "assigned" | "finished"]; tasks [id, row, col] indexed by id);
// - tracker: the MAPF tracker's results CSV as PlanViz's script/tracker_transfer.py reads it
//   (agents, solution_cost, one motion string per agent separated by "\n"; u is row - 1), with
//   run-length counts before a letter;
// - mapf-visualizer: Kei18/mapf-visualizer's `t:(x,y),(x,y),` lines;
// - planviz-qt: FORMAT.md's header fields and [row, col] starts.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { MOVING_AI, benchmarksPresent, skipWithoutBenchmarks } from '../support/benchmarks.ts';
import { main } from '../../cli/main.ts';
import type { CommandIo } from '../../cli/command.ts';
import { parseMap } from '../../core/formats/movingAiMap.ts';
import { parseScenario } from '../../core/formats/movingAiScenario.ts';
import { Grid } from '../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../core/grid/movement.ts';
import { describeViolations, validatePlan } from '../../core/mapf/validator.ts';
import { parseReplayFile } from '../../core/replayFile/replayFile.ts';

const BENCHMARKS = MOVING_AI;
const MAP = `${BENCHMARKS}maps/random-32-32-20.map`;
const SCEN = `${BENCHMARKS}scen/random-32-32-20-random-1.scen`;
// Read only when present: absent, every test here skips itself (and says why).
const grid = benchmarksPresent ? parseMap(readFileSync(MAP, 'utf8')).grid : new Grid(1, 1);
const entries = benchmarksPresent ? parseScenario(readFileSync(SCEN, 'utf8')).entries : [];
const agentsOf = (k: number) => entries.slice(0, k).map((e) => ({ start: grid.cell(e.startX, e.startY), goal: grid.cell(e.goalX, e.goalY) }));

function capture(): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

/** PlanViz 2023 LoRR: positions [row, col] per agent per timestep, from start and actualPaths. */
interface LorrFile {
  version: string; actionModel: string; teamSize: number; start: [number, number, string][]; makespan: number; sumOfCost: number | null;
  actualPaths: string[]; plannerPaths: string[]; errors: unknown[][]; events: [number, number, string][][]; tasks: number[][];
}

function readLorr(text: string): { rows: [number, number][][]; data: LorrFile } {
  const data = JSON.parse(text) as LorrFile;
  for (const key of ['actionModel', 'teamSize', 'start', 'makespan', 'actualPaths', 'plannerPaths', 'errors', 'events', 'tasks']) expect(data, key).toHaveProperty(key);
  expect(data.version).toBe('2023 LoRR');
  expect(data.actionModel).toBe('MAPF');
  const rows: [number, number][][] = [];
  for (let ag = 0; ag < data.teamSize; ag++) {
    const [row, col, heading] = data.start[ag];
    expect(['E', 'N', 'W', 'S', 'N/A']).toContain(heading);
    const states: [number, number][] = [[row, col]];
    const motions: string[] = data.actualPaths[ag] === '' ? [] : data.actualPaths[ag].split(',');
    expect(motions.length).toBeLessThanOrEqual(data.makespan);
    expect(data.plannerPaths[ag].split(',').length).toBe(data.actualPaths[ag].split(',').length);
    for (const m of motions) {
      const [r, c] = states[states.length - 1];
      const next: Record<string, [number, number]> = { U: [r + 1, c], D: [r - 1, c], L: [r, c - 1], R: [r, c + 1], W: [r, c], T: [r, c] };
      expect(Object.keys(next), `motion ${m}`).toContain(m);
      states.push(next[m]);
    }
    rows.push(states);
  }
  for (const err of data.errors) expect(err).toHaveLength(4);
  data.tasks.forEach((task: number[], tid: number) => expect(task[0]).toBe(tid));
  return { rows, data };
}

/** The tracker's CSV: RFC 4180 fields (a quoted field may hold line breaks), header first. */
function readCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (ch === '"') quoted = false; else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { record.push(field); field = ''; } else if (ch === '\n') { record.push(field); records.push(record); record = []; field = ''; } else field += ch;
  }
  const [head, ...rows] = records;
  return rows.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]])));
}

/** A tracker motion string, run-length counts before letters, as [x, y] cells from the start. */
function readTrackerPath(motions: string, start: [number, number]): [number, number][] {
  const cells: [number, number][] = [start];
  for (const [, count, letter] of motions.matchAll(/(\d*)([udlrw])/g)) {
    for (let k = 0; k < (count === '' ? 1 : Number(count)); k++) {
      const [x, y] = cells[cells.length - 1];
      cells.push(({ u: [x, y - 1], d: [x, y + 1], l: [x - 1, y], r: [x + 1, y], w: [x, y] } as Record<string, [number, number]>)[letter]);
    }
  }
  expect(motions.replace(/(\d*)([udlrw])/g, '')).toBe('');
  return cells;
}

describe('mapf-lab solve --export', () => {
  beforeEach(skipWithoutBenchmarks);
  const dir = mkdtempSync(join(tmpdir(), 'mapf-lab-exports-'));
  const file = (name: string) => join(dir, name);

  it('writes every format for a solved optimal run, each readable by the other tool', async () => {
    const io = capture();
    const args = ['solve', '--map', MAP, '--scen', SCEN, '--agents', '8', '--solver', 'id+od', '--json'];
    for (const [format, name] of [['replay', 'r.json'], ['mapf-visualizer', 'v.txt'], ['planviz-qt', 'q.json'], ['lorr', 'l.json'], ['lorr-2024', 'l24.json'], ['tracker', 't.csv'], ['tracker', 't.json']]) args.push('--export', `${format}=${file(name)}`);
    expect(await main(args, io), io.stderr.join('\n')).toBe(0);
    const out = JSON.parse(io.stdout.join(''));
    const agents = agentsOf(8);
    const instance = { grid, movement: FOUR_CONNECTED, agents };

    // LoRR: the plan PlanViz replays is the plan we ran, valid, each agent finishing on its goal when it rests there.
    const lorr = readLorr(readFileSync(file('l.json'), 'utf8'));
    const lorrPaths = lorr.rows.map((states) => states.map(([r, c]) => grid.cell(c, r)));
    const check = validatePlan(instance, lorrPaths);
    expect(check.valid, describeViolations(check)).toBe(true);
    expect(lorr.data.sumOfCost).toBe(out.sumOfCosts);
    const finished = lorr.data.events.map((list) => list.find((e) => e[2] === 'finished')![1]);
    expect(finished.reduce((a, b) => a + b, 0)).toBe(lorr.data.sumOfCost);
    expect(lorr.data.tasks.map(([, r, c]) => grid.cell(c, r))).toEqual(agents.map((a) => a.goal));

    // LoRR 2024 (PlanConfig2024): the same paths; tasks [id, release, [row, col, …]], actualSchedule
    // "t:task" per agent, events [timestep, agent, task, next errand] with seq = next - 1.
    const l24 = JSON.parse(readFileSync(file('l24.json'), 'utf8'));
    expect(l24.version).toBe('2024 LoRR');
    expect(l24.actualPaths).toEqual(lorr.data.actualPaths);
    const errands = new Map<number, number[]>(l24.tasks.map(([id, release, seq]: [number, number, number[]]) => {
      expect(release).toBe(0);
      return [id, seq];
    }));
    l24.actualSchedule.forEach((schedule: string, a: number) => {
      for (const entry of schedule.split(',').filter((e) => e !== '')) {
        const [t, task] = entry.split(':').map(Number);
        expect(t).toBe(0);
        expect(errands.has(task)).toBe(true);
        const [row, col] = errands.get(task)!;
        expect(grid.cell(col, row)).toBe(agents[a].goal);
      }
    });
    const finishedAt = new Map<number, number>();
    for (const [t, agent, task, next] of l24.events as number[][]) {
      expect(next - 1).toBe(0); // the first (only) errand
      expect(task).toBe(agent);
      finishedAt.set(agent, t);
    }
    expect([...finishedAt.values()].reduce((a, b) => a + b, 0)).toBe(l24.sumOfCost);

    // Tracker: the plan, its cost ('rest', the tracker's), a proved lower bound from an optimal solver.
    const [row] = readCsv(readFileSync(file('t.csv'), 'utf8'));
    expect(row).toMatchObject({ map_name: 'random-32-32-20', scen_type: 'random', type_id: '1', agents: '8', solution_cost: String(out.sumOfCosts), lower_cost: String(out.sumOfCosts), flip_up_down: 'true' });
    // The letters are the validator's: u is y - 1, a row up the Moving AI map (readTrackerPath reads them so and the plan validates).
    const plans = row.solution_plan.split('\n');
    expect(plans).toHaveLength(8);
    const trackerPaths = plans.map((motions, a) => readTrackerPath(motions, [grid.x(agents[a].start), grid.y(agents[a].start)]).map(([x, y]) => grid.cell(x, y)));
    expect(validatePlan(instance, trackerPaths).valid).toBe(true);
    expect(trackerPaths.reduce((s, p) => s + p.length - 1, 0)).toBe(Number(row.solution_cost));
    expect(plans.some((p) => /\d/.test(p))).toBe(true); // run-length encoded
    expect(JSON.parse(readFileSync(file('t.json'), 'utf8'))).toMatchObject({ solution_cost: Number(row.solution_cost), solution_plan: row.solution_plan });

    // mapf-visualizer: one line per turn, every unit's (x,y).
    const lines = readFileSync(file('v.txt'), 'utf8').trim().split('\n');
    const visual = lines.map((line, t) => {
      expect(line.startsWith(`${t}:`)).toBe(true);
      return [...line.matchAll(/\((\d+),(\d+)\)/g)].map(([, x, y]) => grid.cell(Number(x), Number(y)));
    });
    expect(visual[0]).toEqual(agents.map((a) => a.start));
    expect(visual[visual.length - 1]).toEqual(agents.map((a) => a.goal));

    // PlanViz Qt interchange: its header (FORMAT.md) and [row, col] starts.
    const qt = JSON.parse(readFileSync(file('q.json'), 'utf8'));
    expect(qt).toMatchObject({ format: 'planviz', schema_version: 1, action_model: 'MAPF', time_unit: 'timestep', ticks_per_step: 1 });
    expect(qt.agents.map((a: { start: number[] }) => grid.cell(a.start[1], a.start[0]))).toEqual(agents.map((a) => a.start));

    // The replay file: the app's own format, read by the app's reader.
    const replay = parseReplayFile(readFileSync(file('r.json'), 'utf8'));
    expect(replay.metrics).toMatchObject({ sumOfCosts: out.sumOfCosts, costModel: 'rest' });
    expect(replay.units).toHaveLength(8);
  });

  it('refuses a tracker export of a run that did not solve, writes the others, and names a bad FORMAT', async () => {
    const io = capture();
    const code = await main(['solve', '--map', MAP, '--scen', SCEN, '--agents', '6', '--solver', 'whca', '--turn-limit', '2', '--export', `tracker=${file('u.csv')}`, '--export', `lorr=${file('u.json')}`], io);
    expect(code).toBe(1);
    expect(io.stderr.join('\n')).toContain(`--export tracker=${file('u.csv')}: the MAPF tracker takes solved plans only; this run's status is failed`);
    expect(readLorr(readFileSync(file('u.json'), 'utf8')).data.sumOfCost).toBeNull();
    const bad = capture();
    expect(await main(['solve', '--map', MAP, '--scen', SCEN, '--agents', '2', '--solver', 'hca', '--export', 'gif=x.gif'], bad)).toBe(2);
    expect(bad.stderr.join('\n')).toContain("--export needs FORMAT=FILE with FORMAT one of replay, mapf-visualizer, planviz-qt, lorr, lorr-2024, tracker, got 'gif=x.gif'");
  });
});
