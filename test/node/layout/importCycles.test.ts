/**
 * No file imports itself through others: an import cycle between files makes the order modules
 * initialise in depend on which one is loaded first, and usually means a shared type was declared
 * in the wrong file. madge (the maintained graph tool) reads every TypeScript import, type-only
 * ones included, of core/, cli/, main/, renderer/ and the library's sources (packages/mapf/src).
 * The check is shown finding a cycle in a made-up pair of files first, so that it is known to be
 * able to fail.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

async function cycles(paths: string[], baseDir: string): Promise<string[][]> {
  const graph = await madge(paths, { baseDir, fileExtensions: ['ts', 'tsx'], tsConfig: join(root, 'tsconfig.json') });
  return graph.circular();
}

describe('import cycles between files', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'mapf-cycles-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('are found when two files import each other (a type import too)', async () => {
    writeFileSync(join(scratch, 'a.ts'), "import type { B } from './b.ts';\nexport interface A { b?: B }\n");
    writeFileSync(join(scratch, 'b.ts'), "import type { A } from './a.ts';\nexport interface B { a?: A }\n");
    writeFileSync(join(scratch, 'c.ts'), "import type { A } from './a.ts';\nexport type C = A;\n");
    expect(await cycles([scratch], scratch)).toEqual([['a.ts', 'b.ts']]);
  });

  it('are none in core/, cli/, main/, renderer/ and packages/mapf/src', async () => {
    const found = await cycles(['core', 'cli', 'main', 'renderer', 'packages/mapf/src'].map((d) => join(root, d)), root);
    expect(found.map((cycle) => cycle.join(' > '))).toEqual([]);
  }, 120_000);
});
