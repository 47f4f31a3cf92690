// `mapf-lab solve --lorr` end to end through main(), on a small LoRR problem written to a temp dir.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import type { CommandIo } from '../../cli/command.ts';
import { Grid } from '../../core/grid/grid.ts';
import { TURNING } from '../../core/grid/movement.ts';
import { turningAction } from '../../core/grid/headings.ts';
import { validatePlan, describeViolations } from '../../core/mapf/validator.ts';

const dir = mkdtempSync(join(tmpdir(), 'lorr-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ROWS = ['........', '.@@..@@.', '........', '.@@..@@.', '........', 'E......S'];
writeFileSync(join(dir, 'm.map'), ['type octile', `height ${ROWS.length}`, 'width 8', 'map', ...ROWS, ''].join('\n'));
writeFileSync(join(dir, 'a.agents'), ['# robots', '4', '0', '7', '32', '39', ''].join('\n'));
writeFileSync(join(dir, 't.tasks'), ['# tasks', '4', '40,7', '47,0', '4,44', '20,3', ''].join('\n'));
writeFileSync(join(dir, 'p.json'), JSON.stringify({ mapFile: 'm.map', agentFile: 'a.agents', taskFile: 't.tasks', teamSize: 4, numTasksReveal: 1.5, version: '2024 LoRR' }, null, 2));

function capture(): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

describe('mapf-lab solve --lorr', () => {
  it('runs a LoRR problem and prints throughput, planning time and wait share as JSON', async () => {
    const io = capture();
    const code = await main(['solve', '--lorr', join(dir, 'p.json'), '--steps', '120', '--json'], io);
    expect(io.stderr).toEqual([]);
    expect(code).toBe(0);
    const out = JSON.parse(io.stdout.join(''));
    expect(out).toMatchObject({ planner: 'flow-pibt', robots: 4, steps: 120, clock: 'cpu', timeouts: 0, plannerErrors: 0 });
    expect(out.tasksFinished).toBeGreaterThan(3);
    expect(out.tasksPerStep).toBeCloseTo(out.tasksFinished / 120, 9);
    expect(Object.keys(out.planMs)).toEqual(['mean', 'p99', 'max']);
    expect(out.waitShare + out.forwardShare + out.turnShare).toBeCloseTo(1, 9);
  });

  it('exports the Start-Kit output file whose MAPF_T actions replay as valid turning paths', async () => {
    const file = join(dir, 'out.json');
    const code = await main(['solve', '--lorr', join(dir, 'p.json'), '--steps', '60', '--export', `lorr-2024=${file}`], capture());
    expect(code).toBe(0);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    expect(doc).toMatchObject({ actionModel: 'MAPF_T', version: '2024 LoRR', teamSize: 4, makespan: 60 });
    const grid = Grid.fromAscii(ROWS.map((r) => r.replace(/[ES]/g, '.')));
    // Replay the letters as PlanViz does: F forward, R clockwise, C counter-clockwise, W wait.
    const paths: number[][] = [];
    const headings: number[][] = [];
    doc.start.forEach(([row, column, letter]: [number, number, string], r: number) => {
      let cell = row * 8 + column;
      let h = 'ESWN'.indexOf(letter);
      const path = [cell];
      const facing = [h];
      for (const a of doc.actualPaths[r].split(',')) {
        if (a === 'F') cell = h === 0 ? cell + 1 : h === 1 ? cell + 8 : h === 2 ? cell - 1 : cell - 8;
        else if (a === 'R') h = (h + 1) % 4;
        else if (a === 'C') h = (h + 3) % 4;
        path.push(cell);
        facing.push(h);
      }
      paths.push(path);
      headings.push(facing);
      expect(turningAction(8, path[0], facing[0], path[1], facing[1])).toBeGreaterThanOrEqual(0);
    });
    const verdict = validatePlan({ grid, movement: TURNING, agents: paths.map((p) => ({ start: p[0], goal: p[p.length - 1] })) }, paths, { headings, requireGoals: false });
    expect(verdict.valid, describeViolations(verdict)).toBe(true);
    // Every finishing event names a task the file lists, at its last errand.
    const tasks = new Map<number, number[]>(doc.tasks.map((t: [number, number, number[]]) => [t[0], t[2]]));
    const finishing = doc.events.filter(([, , id, done]: number[]) => done === tasks.get(id)!.length / 2);
    expect(finishing.length).toBe(doc.numTaskFinished);
  });

  it('runs the planner and scheduler named and says which ran; --solver still names the planner', async () => {
    const io = capture();
    const code = await main(['solve', '--lorr', join(dir, 'p.json'), '--steps', '80', '--planner', 'pibt-rotations', '--scheduler', 'hungarian', '--json'], io);
    expect(io.stderr).toEqual([]);
    expect(code).toBe(0);
    const out = JSON.parse(io.stdout.join(''));
    expect(out).toMatchObject({ planner: 'pibt-rotations', scheduler: 'hungarian', plannerErrors: 0, scheduleErrors: 0 });
    expect(out.tasksFinished).toBeGreaterThan(0);
    const text = capture();
    expect(await main(['solve', '--lorr', join(dir, 'p.json'), '--steps', '20', '--solver', 'pibt-rotations'], text)).toBe(0);
    expect(text.stdout.join('\n')).toMatch(/planner: pibt-rotations, scheduler: greedy,/);
  });

  it('runs WPPL, with and without its LNS, every step valid; refuses a param it does not take by name', async () => {
    for (const lns of ['true', 'false']) {
      const io = capture();
      const code = await main(['solve', '--lorr', join(dir, 'p.json'), '--steps', '150', '--planner', 'wppl', '--param', `lns=${lns}`, '--step-limit', '50', '--json'], io);
      expect(io.stderr).toEqual([]);
      expect(code).toBe(0);
      const out = JSON.parse(io.stdout.join(''));
      expect(out).toMatchObject({ planner: 'wppl', robots: 4, steps: 150, timeouts: 0, plannerErrors: 0, scheduleErrors: 0 });
      expect(out.tasksFinished).toBeGreaterThan(3);
    }
    const bad = capture();
    expect(await main(['solve', '--lorr', join(dir, 'p.json'), '--steps', '5', '--planner', 'wppl', '--param', 'windw=4'], bad)).toBe(1);
    expect(bad.stderr.join('\n')).toMatch(/wppl: unknown param 'windw'; allowed params are 'window'/);
  });

  it('refuses an unknown planner or scheduler, listing the known ones', async () => {
    const scheduler = capture();
    expect(await main(['solve', '--lorr', join(dir, 'p.json'), '--scheduler', 'auction'], scheduler)).toBe(2);
    expect(scheduler.stderr.join('\n')).toMatch(/--scheduler: 'auction' is not a task scheduler \(known: greedy, hungarian/);
    const planner = capture();
    expect(await main(['solve', '--lorr', join(dir, 'p.json'), '--planner', 'cbs'], planner)).toBe(2);
    expect(planner.stderr.join('\n')).toMatch(/--planner: 'cbs' is not a lifelong planner \(known: flow-pibt, pibt-rotations/);
    const old = capture();
    expect(await main(['solve', '--lorr', join(dir, 'p.json'), '--solver', 'cbs'], old)).toBe(2);
    expect(old.stderr.join('\n')).toMatch(/--solver: 'cbs' is not a lifelong planner/);
    const both = capture();
    expect(await main(['solve', '--lorr', join(dir, 'p.json'), '--solver', 'flow-pibt', '--planner', 'pibt-rotations'], both)).toBe(2);
    expect(both.stderr.join('\n')).toMatch(/both name the lifelong planner; give one/);
    const notLorr = capture();
    expect(await main(['solve', '--map', 'x.map', '--scen', 'x.scen', '--agents', '2', '--solver', 'pibt', '--scheduler', 'greedy'], notLorr)).toBe(2);
    expect(notLorr.stderr.join('\n')).toMatch(/--scheduler: only with --lorr/);
  });

  it('refuses a bad problem naming the file and line, and options that do not apply', async () => {
    writeFileSync(join(dir, 'bad.json'), '{\n  "mapFile": "m.map",\n  "agentFile": "a.agents",\n  "taskFile": "t.tasks",\n  "teamSize": 0\n}');
    const io = capture();
    expect(await main(['solve', '--lorr', join(dir, 'bad.json')], io)).not.toBe(0);
    expect(io.stderr.join('\n')).toMatch(/bad\.json:5:3: 'teamSize'/);
    const other = capture();
    expect(await main(['solve', '--lorr', join(dir, 'p.json'), '--agents', '3'], other)).toBe(2);
    expect(other.stderr.join('\n')).toMatch(/--agents: not with --lorr/);
  });
});
