/**
 * Solve with a LoRR problem open runs the document: a wall painted and robots moved, added or
 * removed since the problem opened replace its map and agents files in the run (before, the run
 * read the files as opened and the edits were silently ignored).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lorrRunFiles } from '../../../core/formats/lorrEdits.ts';
import { readLorrProblem } from '../../../core/formats/lorrProblem.ts';
import { BENCHMARKS_DIR, benchmarksPresent } from '../../support/benchmarks.ts';

const DIR = `${BENCHMARKS_DIR}/lorr-2024/example_problems/random.domain`;
const FILE = 'random_32_32_20_100.json';

describe.skipIf(!benchmarksPresent)('a LoRR problem run with the document\'s edits', () => {
  const text = benchmarksPresent ? readFileSync(join(DIR, FILE), 'utf8') : '';
  const files: Record<string, string> = {};
  const opened = benchmarksPresent ? readLorrProblem(text, FILE, (relative) => (files[relative] = readFileSync(join(DIR, relative), 'utf8'))) : null!;
  const read = (run: { problem: string; files: Record<string, string> }) => readLorrProblem(run.problem, FILE, (relative) => run.files[relative]);

  it('runs the files as opened when nothing was edited', () => {
    const run = lorrRunFiles(text, FILE, files, opened.grid, opened.starts);
    expect(run.edited).toEqual([]);
    expect(run.files).toEqual(files);
    expect(run.problem).toBe(text);
  });

  it('runs a wall erased since, and robots moved and added', () => {
    // On the example every free cell is some task's errand (100,000 tasks on 32x32), so the edit
    // that runs is a wall erased; a wall painted on an errand is refused, below.
    const grid = opened.grid.clone();
    const wall = grid.passable.indexOf(0);
    grid.setPassable(wall, true);
    const taken = new Set(opened.starts);
    const free = Array.from({ length: grid.cells }, (_, c) => c).filter((c) => grid.passable[c] === 1 && !taken.has(c));
    const starts = [free[1], ...Array.from(opened.starts).slice(1), free[2]];
    const run = lorrRunFiles(text, FILE, files, grid, starts);
    expect(run.edited).toEqual(['map', 'robots']);
    const problem = read(run);
    expect(problem.grid.passable[wall]).toBe(1);
    expect(Array.from(problem.grid.passable)).toEqual(Array.from(grid.passable));
    expect(problem.teamSize).toBe(opened.teamSize + 1);
    expect(Array.from(problem.starts)).toEqual(starts);
  });

  it('leaves out the tasks a wall painted since makes impossible, and runs the rest', () => {
    const grid = opened.grid.clone();
    const wall = opened.tasks.errands[0];
    grid.setPassable(wall, false);
    const run = lorrRunFiles(text, FILE, files, grid, opened.starts.includes(wall) ? Array.from(opened.starts).filter((c) => c !== wall) : opened.starts);
    let onWall = 0;
    for (let k = 0; k < opened.tasks.count; k++) {
      if (opened.tasks.errands.subarray(opened.tasks.offsets[k], opened.tasks.offsets[k + 1]).includes(wall)) onWall++;
    }
    expect(onWall).toBeGreaterThan(0);
    expect(run.tasksDropped).toBe(onWall);
    const problem = read(run);
    expect(problem.tasks.count).toBe(opened.tasks.count - onWall);
    expect(Array.from(problem.tasks.errands)).not.toContain(wall);
  });
});
