// `mapf-lab guidance` and `solve --lorr --guidance` end to end through main(), on a small LoRR
// problem: the file written and read back, refused for another map or a planner without lanes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import type { CommandIo } from '../../cli/command.ts';
import { parseGuidanceFile } from '../../core/formats/guidanceFile.ts';
import { LANE_PATTERNS, LANE_PENALTIES } from '../../core/experiments/laneSearch.ts';

const dir = mkdtempSync(join(tmpdir(), 'lorr-guidance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ROWS = ['........', '.@@..@@.', '........', '.@@..@@.', '........', 'E......S'];
writeFileSync(join(dir, 'm.map'), ['type octile', `height ${ROWS.length}`, 'width 8', 'map', ...ROWS, ''].join('\n'));
writeFileSync(join(dir, 'other.map'), ['type octile', `height ${ROWS.length}`, 'width 8', 'map', ...ROWS.map((r, y) => (y === 2 ? '...@....' : r)), ''].join('\n'));
writeFileSync(join(dir, 'a.agents'), ['# robots', '4', '0', '7', '32', '39', ''].join('\n'));
writeFileSync(join(dir, 't.tasks'), ['# tasks', '4', '40,7', '47,0', '4,44', '20,3', ''].join('\n'));
const problem = (map: string) => JSON.stringify({ mapFile: map, agentFile: 'a.agents', taskFile: 't.tasks', teamSize: 4, numTasksReveal: 1.5, version: '2024 LoRR' }, null, 2);
writeFileSync(join(dir, 'p.json'), problem('m.map'));
writeFileSync(join(dir, 'q.json'), problem('other.map'));

function capture(): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  // err answers true, as process.stderr.write does: a progress line must not read as "stop".
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) > 0 };
}

describe('mapf-lab guidance', () => {
  const file = join(dir, 'p.guidance.json');

  it('runs every candidate, reports each, and writes a guidance file for the map beside the problem', async () => {
    const io = capture();
    const code = await main(['guidance', join(dir, 'p.json'), '--steps', '20', '--step-limit', '50'], io);
    expect(code).toBe(0);
    const planned = 2 + 2 * (LANE_PATTERNS.length - 1) + LANE_PENALTIES.length;
    expect(io.stderr.filter((l) => /run \d+ of \d+/.test(l)).length).toBe(planned);
    expect(io.stdout.join('\n')).toContain(`written to ${file}`);
    const guidance = parseGuidanceFile(readFileSync(file, 'utf8'), file);
    expect(guidance.map).toMatchObject({ name: 'm.map', width: 8, height: 6 });
    expect(guidance.measured).toMatchObject({ planner: 'epibt', scheduler: 'ours', robots: 4, steps: 20, stepLimitMs: 50, clock: 'cpu' });
    expect(guidance.measured.candidates.length).toBe(planned);
    expect(guidance.measured.candidates[0].lanes).toEqual({ rows: '01', columns: '01', penalty: 3 });
  });

  it('gives its lanes to solve --lorr, which says so', async () => {
    writeFileSync(file, readFileSync(file, 'utf8').replace(/"lanes": (null|\{[^}]*\}),\n {2}"measured"/, '"lanes": { "rows": "0110", "columns": "10", "penalty": 6 },\n  "measured"'));
    const io = capture();
    const code = await main(['solve', '--lorr', join(dir, 'p.json'), '--planner', 'epibt', '--param', 'distances=guides', '--guidance', file, '--steps', '40', '--step-limit', '50', '--json'], io);
    expect(io.stderr).toEqual([]);
    expect(code).toBe(0);
    const out = JSON.parse(io.stdout.join(''));
    expect(out.guidance).toBe(`rows 0110, columns 10, penalty 6 (${file})`);
    expect(out.plannerErrors).toBe(0);
  });

  it('refuses a guidance file made for another map, or a planner that takes no lanes', async () => {
    const other = capture();
    expect(await main(['solve', '--lorr', join(dir, 'q.json'), '--planner', 'epibt', '--guidance', file, '--steps', '5'], other)).toBe(2);
    expect(other.stderr.join('\n')).toContain(`--guidance ${file}: made for m.map (8 x 6), not for this problem's map other.map (8 x 6) as it is now (its cells differ)`);
    const flow = capture();
    expect(await main(['solve', '--lorr', join(dir, 'p.json'), '--planner', 'flow-pibt', '--guidance', file, '--steps', '5'], flow)).toBe(2);
    expect(flow.stderr.join('\n')).toContain("--guidance: the lanes are the epibt planner's");
    const broken = join(dir, 'broken.guidance.json');
    writeFileSync(broken, readFileSync(file, 'utf8').replace('"penalty": 6', '"penalty": -2'));
    const bad = capture();
    expect(await main(['solve', '--lorr', join(dir, 'p.json'), '--planner', 'epibt', '--guidance', broken, '--steps', '5'], bad)).not.toBe(0);
    expect(bad.stderr.join('\n')).toMatch(/broken\.guidance\.json:\d+:\d+: 'lanes\.penalty'/);
    const param = capture();
    expect(await main(['solve', '--lorr', join(dir, 'p.json'), '--planner', 'epibt', '--param', 'lanes={"rows":"0x","columns":"01","penalty":3}', '--steps', '5'], param)).not.toBe(0);
    expect(param.stderr.join('\n')).toContain("epibt param lanes: rows '0x' must be 1 to 16 characters of 0 and 1");
  });
});
