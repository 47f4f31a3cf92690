import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLorrProblem } from '../../../core/formats/lorrProblem.ts';
import { BENCHMARKS_DIR } from '../../support/benchmarks.ts';

const EXAMPLES = `${BENCHMARKS_DIR}/lorr-2024/example_problems`;
const PROBLEMS = [
  ['random.domain/random_32_32_20_100.json', 32, 32, 100],
  ['city.domain/paris_1_256_250.json', 256, 256, 250],
  ['game.domain/brc202d_500.json', 530, 481, 500],
  ['warehouse.domain/sortation_large_2000.json', 500, 140, 2000],
  ['warehouse.domain/warehouse_large_5000.json', 500, 140, 5000],
] as const;

describe('LoRR problems', () => {
  describe.skipIf(!existsSync(EXAMPLES))(`the Start-Kit's example problems (${EXAMPLES})`, () => {
    for (const [file, width, height, team] of PROBLEMS) {
      it(`reads ${file}`, () => {
        const path = join(EXAMPLES, file);
        const p = readLorrProblem(readFileSync(path, 'utf8'), path, (rel) => readFileSync(join(dirname(path), rel), 'utf8'));
        expect([p.grid.width, p.grid.height, p.teamSize, p.starts.length]).toEqual([width, height, team, team]);
        expect(p.tasks.count).toBe(100000);
        expect(p.revealedTasks).toBe(Math.floor(1.5 * team));
        for (let k = 0; k < 100; k++) expect(p.tasks.offsets[k + 1] - p.tasks.offsets[k]).toBeGreaterThanOrEqual(1);
      });
    }
  });
});
