/** The `path` command, run through main() with captured output on real benchmark files. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MOVING_AI, skipWithoutBenchmarks } from '../support/benchmarks.ts';
import { main } from '../../cli/main.ts';

const BENCHMARKS = MOVING_AI;
const DEN_MAP = `${BENCHMARKS}maps/den520d.map`;
const DEN_SCEN = `${BENCHMARKS}scen/den520d-random-1.scen`;
const MAZE_MAP = `${BENCHMARKS}maps/maze-32-32-2.map`;
const MAZE_SCEN = `${BENCHMARKS}scen/maze-32-32-2-random-1.scen`;

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(['path', ...args], { out: (text) => (out += `${text}\n`), err: (text) => (err += `${text}\n`) });
  return { code, out, err };
}

interface PathJson {
  algo: string;
  queries: number;
  totalMs: number;
  meanMs: number;
  mismatches: number;
  results: { length: number | null; expanded: number }[];
}

const scratch = mkdtempSync(join(tmpdir(), 'mapf-lab-path-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('mapf-lab path', () => {
  beforeEach(skipWithoutBenchmarks);
  it('prints one JSON object with zero mismatches for the optimal searches', async () => {
    for (const algo of ['astar', 'jps', 'jpsplus', 'dijkstra']) {
      const { code, out, err } = await run('--map', DEN_MAP, '--scen', DEN_SCEN, '--algo', algo, '--limit', '40', '--json');
      expect(err).toBe('');
      expect(code).toBe(0);
      const json = JSON.parse(out) as PathJson;
      expect(Object.keys(json)).toEqual(['algo', 'queries', 'totalMs', 'meanMs', 'mismatches', 'results']);
      expect(json).toMatchObject({ algo, queries: 40, mismatches: 0 });
      expect(json.results).toHaveLength(40);
      expect(json.results[0].expanded).toBeGreaterThan(0);
      expect(json.meanMs).toBeCloseTo(json.totalMs / 40, 9);
    }
  });

  it('runs a whole scenario by default and counts any-angle and weighted lengths as mismatches', async () => {
    const optimal = readFileSync(MAZE_SCEN, 'utf8').trim().split('\n').slice(1).map((line) => Number(line.split('\t')[8]));
    const theta = JSON.parse((await run('--map', MAZE_MAP, '--scen', MAZE_SCEN, '--algo', 'theta', '--json')).out) as PathJson;
    expect(theta.queries).toBe(optimal.length);
    theta.results.forEach((r, i) => expect(r.length!).toBeLessThanOrEqual(optimal[i] + 1e-6));
    expect(theta.mismatches).toBeGreaterThan(0);
    const weighted = JSON.parse((await run('--map', MAZE_MAP, '--scen', MAZE_SCEN, '--algo', 'wastar', '--weight', '3', '--json')).out) as PathJson;
    weighted.results.forEach((r, i) => expect(r.length!).toBeLessThanOrEqual(3 * optimal[i] + 1e-6));
  });

  it('prints per-query lines and totals as text', async () => {
    const { code, out } = await run('--map', DEN_MAP, '--scen', DEN_SCEN, '--limit', '3');
    expect(code).toBe(0);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ +1 {2}\(228, 115\) -> \(123, 167\) {2}length 166\.9655121\d {2}optimal 166\.96551208 {2}expanded \d+$/);
    expect(out).toContain('A* (astar) on');
    expect(out).toContain('3 queries');
    expect(out).toMatch(/mean \d+\.\d{3} ms per query/);
    expect(out).toContain('lengths differing from the optimal by more than 0.001: 0');
  });

  it('rejects bad options with a usage error (exit 2)', async () => {
    const cases: [string[], string][] = [
      [['--scen', DEN_SCEN], '--map FILE.map is required'],
      [['--map', DEN_MAP], '--scen FILE.scen is required'],
      [['--map', DEN_MAP, '--scen', DEN_SCEN, '--algo', 'bfs'], "unknown --algo 'bfs' (expected one of astar, wastar, jps, jpsplus, theta, lazytheta, dijkstra)"],
      [['--map', DEN_MAP, '--scen', DEN_SCEN, '--limit', '0'], "--limit must be a whole number >= 1, got '0'"],
      [['--map', DEN_MAP, '--scen', DEN_SCEN, '--algo', 'wastar', '--weight', 'heavy'], "--weight must be a number >= 1, got 'heavy'"],
      [['--map', DEN_MAP, '--scen', DEN_SCEN, '--weight', '2'], "--weight applies only to --algo wastar, not 'astar'"],
      [['--map', DEN_MAP, '--scen', DEN_SCEN, '--colour'], "unknown option '--colour'"],
    ];
    for (const [args, message] of cases) {
      const { code, out, err } = await run(...args);
      expect(code, message).toBe(2);
      expect(out).toBe('');
      expect(err).toContain(`mapf-lab path: ${message}`);
      expect(err).toContain('Usage: mapf-lab path');
    }
  });

  it('names file, line and column for malformed or mismatched files (exit 1)', async () => {
    const badMap = join(scratch, 'bad.map');
    writeFileSync(badMap, 'type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n');
    let result = await run('--map', badMap, '--scen', DEN_SCEN);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`${badMap}:6:2: unknown map character 'x'`);

    const badScen = join(scratch, 'bad.scen');
    writeFileSync(badScen, 'version 1\n0\tden520d.map\t256\t257\t228\t115\t123\tlots\t166.96551208\n');
    result = await run('--map', DEN_MAP, '--scen', badScen);
    expect(result.err).toContain(`${badScen}:2:35: goal y must be a whole number, found 'lots'`);

    // A scenario for another map: its size does not match.
    result = await run('--map', DEN_MAP, '--scen', MAZE_SCEN);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`${MAZE_SCEN}:2:`);
    expect(result.err).toContain(`does not match ${DEN_MAP}, which is 256x257`);

    result = await run('--map', join(scratch, 'missing.map'), '--scen', DEN_SCEN);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`${join(scratch, 'missing.map')}: no such file`);
  });
});
