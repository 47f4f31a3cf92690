/**
 * The library is a real package: `npm pack` makes its tarball, a fresh project outside the
 * repository installs it, type-checks a TypeScript file against its declarations, runs the
 * README's quick start in Node (a Tiled level, PIBT) and the Node entry on a level file, and
 * bundles the same quick start for the browser with Vite and runs it in Chromium.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startStaticServer } from './staticServer.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const PACKAGE = join(REPO, 'packages/mapf');
const TSC = join(REPO, 'node_modules/typescript/bin/tsc');

/** The README's first JavaScript block: the quick start. */
function quickStart(): string {
  const readme = readFileSync(join(PACKAGE, 'README.md'), 'utf8');
  const block = /```js\n([\s\S]*?)```/.exec(readme);
  if (block === null) throw new Error('packages/mapf/README.md has no ```js block');
  return block[1];
}

/** The last line the quick start printed for each unit: both must be home. */
function expectBothHome(lines: string[]): void {
  const last = lines.filter((line) => /^\d+ unit/.test(line)).at(-1) ?? '';
  expect(last).toMatch(/unit 1 \(8, 4\) home, unit 2 \(0, 4\) home/);
}

/**
 * Two units crossing a door three cells wide under each crowd model, Detour's WebAssembly included
 * (head on in a door two cells wide, Detour's two stall, as in the lab).
 */
const CROWD = `import { createCrowd, detour, flowField, gridFromRows, orca } from '@mapf-lab/core';
async function main() {
  const map = gridFromRows(['....#....', '.........', '.........', '.........', '....#....']);
  for (const model of [orca, flowField, detour]) {
    const crowd = await createCrowd(map, { model });
    crowd.addUnit({ x: 0, y: 0 }, { x: 8, y: 4 });
    crowd.addUnit({ x: 8, y: 4 }, { x: 0, y: 0 });
    let units = [];
    let turn = 0;
    while (turn < 60 && !(units.length > 0 && units.every((u) => u.atGoal))) {
      units = crowd.step().units;
      turn++;
    }
    console.log(\`crowd \${model.name}: \${units.filter((u) => u.atGoal).length} of 2 home\`);
    crowd.dispose();
  }
  console.log('crowd done');
}
main();
`;

const CROWD_HOME = ['crowd orca: 2 of 2 home', 'crowd flow-field: 2 of 2 home', 'crowd detour: 2 of 2 home', 'crowd done'];

describe('the packed library in a fresh project', () => {
  let project = '';
  let browser: Browser | null = null;

  beforeAll(() => {
    execFileSync(process.execPath, [join(REPO, 'scripts/build-library.mjs')], { stdio: 'pipe' });
    project = mkdtempSync(join(tmpdir(), 'mapf-library-'));
    const packed = execFileSync('npm', ['pack', '--pack-destination', project, '--silent'], { cwd: PACKAGE, encoding: 'utf8' }).trim().split('\n').at(-1)!;
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'a-game', private: true, type: 'module' }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(project, packed)], { cwd: project, stdio: 'pipe' });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (project !== '') rmSync(project, { recursive: true, force: true });
  });

  it('installs only what the package ships: no sources, a licence and notices', () => {
    const installed = join(project, 'node_modules/@mapf-lab/core');
    const top = readdirSync(installed).sort();
    expect(top).toEqual(['CHANGELOG.md', 'LICENSE', 'README.md', 'THIRD_PARTY_NOTICES', 'dist', 'package.json']);
    expect(readdirSync(join(installed, 'dist')).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
  });

  it('type-checks a TypeScript file that uses it, and rejects a wrong use', () => {
    const good = [
      "import { type Cell, type SolveOutcome, createPlanner, gridFromRows, pibt, solve } from '@mapf-lab/core';",
      "import { readTiledMap } from '@mapf-lab/core/node';",
      "const map = gridFromRows(['...', '...']);",
      'const planner = createPlanner(map, { kind: pibt, seed: 1 });',
      'const id: number = planner.addUnit({ x: 0, y: 0 }, { x: 2, y: 1 });',
      'const where: Cell = planner.position(id);',
      "const outcome: SolveOutcome = solve(map, [{ start: where, goal: { x: 2, y: 0 } }], { solver: 'lacam' });",
      'export const checked = [outcome.sumOfCosts, planner.step().moves[0].atGoal, readTiledMap];',
    ].join('\n');
    writeFileSync(join(project, 'game.ts'), good);
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', noEmit: true, types: [], lib: ['es2023', 'dom'] }, files: ['game.ts'] }));
    execFileSync(process.execPath, [TSC, '-p', project], { cwd: project, encoding: 'utf8' });
    // A unit given as a pair, not a cell: the declarations must catch it.
    writeFileSync(join(project, 'game.ts'), good.replace('planner.addUnit({ x: 0, y: 0 }', 'planner.addUnit([0, 0]'));
    const wrong = spawnSync(process.execPath, [TSC, '-p', project], { cwd: project, encoding: 'utf8' });
    expect(wrong.status).not.toBe(0);
    expect(wrong.stdout).toMatch(/game\.ts\(5,.*not assignable to parameter of type 'Cell'/);
  });

  it("runs the README's quick start in Node: both units cross the door", () => {
    writeFileSync(join(project, 'quickstart.mjs'), quickStart());
    const out = execFileSync(process.execPath, ['quickstart.mjs'], { cwd: project, encoding: 'utf8' });
    expectBothHome(out.split('\n'));
  });

  it('reads a Tiled level and its external tileset from disk with the Node entry', () => {
    const levels = join(REPO, 'test/fixtures/levels');
    mkdirSync(join(project, 'levels/tilesets'), { recursive: true });
    copyFileSync(join(levels, 'level-external.tmx'), join(project, 'levels/level-external.tmx'));
    for (const file of readdirSync(join(levels, 'tilesets'))) copyFileSync(join(levels, 'tilesets', file), join(project, 'levels/tilesets', file));
    writeFileSync(join(project, 'level.mjs'), [
      "import { readTiledMap } from '@mapf-lab/core/node';",
      "const map = readTiledMap('levels/level-external.tmx');",
      "console.log(`${map.width}x${map.height}`, [1, 2, 3, 4, 5].filter((y) => map.isFree(5, y)).join(','));",
    ].join('\n'));
    const out = execFileSync(process.execPath, ['level.mjs'], { cwd: project, encoding: 'utf8' }).trim();
    // The level's wall column has one free cell, its door at row 3.
    expect(out).toBe('10x7 3');
  });

  it('runs a crowd of each model in Node, Detour\'s WebAssembly loaded from the package', () => {
    writeFileSync(join(project, 'crowd.mjs'), CROWD);
    const out = execFileSync(process.execPath, ['crowd.mjs'], { cwd: project, encoding: 'utf8' });
    expect(out.trim().split('\n')).toEqual(CROWD_HOME);
  });

  /**
   * A page whose module is `main` (importing the package by name), bundled by Vite into
   * `web`/`out` and opened in Chromium: the console's lines once `done` is printed, with no
   * console error or page error on the way.
   */
  async function runBundled(web: string, out: string, main: string, done: string, timeout: number): Promise<string[]> {
    mkdirSync(web, { recursive: true });
    writeFileSync(join(web, 'index.html'), '<!doctype html><meta charset="utf-8"><title>game</title><link rel="icon" href="data:,"><script type="module" src="./main.js"></script>');
    writeFileSync(join(web, 'main.js'), main);
    const { build } = await import('vite');
    await build({ root: web, configFile: false, logLevel: 'warn', build: { outDir: join(web, out), emptyOutDir: true } });
    const server = await startStaticServer(`${join(web, out)}/`);
    try {
      browser ??= await launchBrowser();
      const page = await browser.newPage();
      const lines: string[] = [];
      const errors: string[] = [];
      page.on('console', (message) => (message.type() === 'error' ? errors.push(message.text()) : lines.push(message.text())));
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(server.url);
      await expect.poll(() => lines.includes(done), { timeout }).toBe(true);
      expect(errors).toEqual([]);
      return lines;
    } finally {
      await server.close();
    }
  }

  it('bundles a crowd of each model with Vite and runs it in Chromium; a game with ORCA alone ships no Recast', async () => {
    const web = join(project, 'crowd-web');
    const lines = await runBundled(web, 'dist', CROWD, 'crowd done', 60_000);
    expect(lines.filter((line) => line.startsWith('crowd'))).toEqual(CROWD_HOME);
    // The same game with ORCA alone: the bundle has none of Recast/Detour (sideEffects: false).
    const bundled = (dir: string) => readdirSync(join(web, dir, 'assets')).map((file) => readFileSync(join(web, dir, 'assets', file), 'utf8')).join('');
    expect(bundled('dist')).toMatch(/dtCrowd|recast/i);
    const { build } = await import('vite');
    writeFileSync(join(web, 'main.js'), CROWD.replace('detour, flowField, gridFromRows, orca', 'gridFromRows, orca').replace('[orca, flowField, detour]', '[orca]'));
    await build({ root: web, configFile: false, logLevel: 'warn', build: { outDir: join(web, 'orca'), emptyOutDir: true } });
    const assets = bundled('orca');
    expect(assets).toContain('orca');
    expect(assets).not.toMatch(/dtCrowd|recast/i);
  }, 120_000);

  it('bundles the quick start with Vite and runs it in Chromium', async () => {
    const lines = await runBundled(join(project, 'web'), 'dist', `${quickStart()}\nconsole.log('quick start done');\n`, 'quick start done', 30_000);
    expectBothHome(lines);
  });
});
