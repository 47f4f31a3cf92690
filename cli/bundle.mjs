// The command line's bundle: cli/main.ts and the solver worker's entry, each bundled by esbuild
// into one ES module under out/cli/, so that a call starts from plain JavaScript instead of
// transpiling ~200 TypeScript files through tsx (1.5-1.9 s of CPU before any work; the bundle
// starts in about 0.3 s). Plain JavaScript itself, because bin/mapf-lab.mjs imports it before
// anything can be transpiled.
//
// Built by `npm run build:cli`, which `prepare` runs after every `npm install` and `npm ci`, and
// by bin/mapf-lab.mjs on a call that finds the bundle missing or older than one of its inputs
// (a checkout, a pull, an edit): out/cli/inputs.json lists the files the bundle was built from
// (esbuild's metafile, outside node_modules, and package-lock.json) with their modification
// times; bin stats them (a few ms) and rebuilds if any differs. Equal times, not 'older than the
// build', so a clock that is off (a cluster's shared file system) cannot force a build per call. A new import can only appear through an edit to
// a listed file, so the list stays complete. Files are written under a temporary name and
// renamed, so concurrent calls (an array of cluster tasks on one shared checkout) never read
// half a bundle.
//
// Layout: out/cli/ sits two folders below the repository root, as cli/commands/ and
// cli/experiments/ do, so the sources' `new URL('../../…', import.meta.url)` (the report's
// drawCharts.js, the app's package.json) resolve to the same files from the bundle.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT_DIR = join(ROOT, 'out', 'cli');
export const MAIN_FILE = 'main.mjs';
export const WORKER_FILE = 'solver-worker.mjs';
const INPUTS_FILE = 'inputs.json';
/** Besides the bundled sources: the dependencies' versions and this builder. */
const EXTRA_INPUTS = ['package-lock.json', 'cli/bundle.mjs'];

/**
 * Whether `dir` holds a bundle built from the current sources. Returns null when it does,
 * else why not (for a message).
 */
export function staleReason(dir = OUT_DIR) {
  let listed;
  try {
    listed = JSON.parse(readFileSync(join(dir, INPUTS_FILE), 'utf8'));
    for (const file of [MAIN_FILE, WORKER_FILE]) statSync(join(dir, file));
  } catch {
    return 'not built yet';
  }
  for (const [input, mtime] of Object.entries(listed.inputs)) {
    let now;
    try {
      now = statSync(join(ROOT, input)).mtimeMs;
    } catch {
      return `${input} is gone`;
    }
    if (now !== mtime) return `${input} changed`;
  }
  return null;
}

function writeAtomic(path, text) {
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, path);
}

/**
 * Bundles the command line and the solver worker into `dir` (default out/cli/). Each bundle is
 * self-contained (zod and the rest inlined): it needs nothing from node_modules to run, except
 * chart.js's file for `report` and esbuild itself, which only the development path uses.
 */
export async function buildCli(dir = OUT_DIR) {
  // The time before reading any input: a file edited during the build counts as newer.
  const builtAt = Date.now();
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { main: 'cli/main.ts', 'solver-worker': 'cli/solverWorker/solverWorkerEntry.ts' },
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    outdir: dir,
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    // The lazy worker bundler of the development path imports esbuild; the bundle never calls it.
    external: ['esbuild', 'tsx', 'tsx/*'],
    // Tells spawnNodeSolverWorker to start workers from the bundled worker beside the main bundle.
    define: { MAPF_LAB_BUNDLED_WORKER: JSON.stringify(`./${WORKER_FILE}`) },
    // Some bundled CommonJS may call require(); give the ES module one.
    banner: { js: "import { createRequire as __mapfCreateRequire } from 'node:module'; const require = __mapfCreateRequire(import.meta.url);" },
  });
  mkdirSync(dir, { recursive: true });
  for (const out of result.outputFiles) writeAtomic(out.path, out.text);
  const sources = Object.keys(result.metafile.inputs)
    .map((p) => relative(ROOT, resolve(ROOT, p)))
    .filter((p) => !p.split(/[\\/]/).includes('node_modules'));
  const inputs = {};
  for (const input of [...EXTRA_INPUTS, ...sources.sort()]) {
    const mtime = statSync(join(ROOT, input)).mtimeMs;
    // Edited while esbuild read it: the bundle may hold the old text, so the next call rebuilds.
    inputs[input] = mtime > builtAt ? -1 : mtime;
  }
  writeAtomic(join(dir, INPUTS_FILE), JSON.stringify({ esbuild: esbuild.version, inputs }, null, 1));
  return dir;
}

// `node cli/bundle.mjs` (npm run build:cli): build and say where. With --soft (the `prepare`
// script after an install) a failed build is a warning, not a failed install: the command line
// then tries again at its next call and otherwise runs from the sources.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  try {
    await buildCli();
    process.stdout.write(`mapf-lab: command line bundled into ${relative(process.cwd(), OUT_DIR) || '.'} in ${Math.round(performance.now() - started)} ms\n`);
  } catch (error) {
    if (!process.argv.includes('--soft')) throw error;
    const text = error instanceof Error ? error.message.split('\n')[0] : String(error);
    process.stderr.write(`mapf-lab: warning: could not bundle the command line (${text}); it will run from the sources\n`);
  }
}
