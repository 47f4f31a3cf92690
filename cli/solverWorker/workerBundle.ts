/**
 * The solver worker's script: solverWorkerEntry.ts and everything it imports, bundled once by
 * esbuild into one ES module so that a new worker thread starts from plain JavaScript instead
 * of compiling the TypeScript sources through tsx (which cost ~0.4 s per thread).
 * More on this in README.md, "workerBundle.ts".
 */
import { createHash } from 'node:crypto';
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(here, '../..');
export const ENTRY = join(here, 'solverWorkerEntry.ts');
export const BOOTSTRAP_URL = new URL('./bootstrap.mjs', import.meta.url);
export const DEFAULT_CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'mapf-lab');
const INPUTS_FILE = 'solver-worker.inputs.json';

/** Bundles `entry` to one ES module; returns its code and the absolute paths of its inputs. */
export type WorkerBuilder = (entry: string) => Promise<{ code: string; inputs: string[]; builder: string }>;

/** What a bundle depends on besides its inputs' contents: esbuild's version and the options. */
const BUILD_OPTIONS = { bundle: true, format: 'esm', platform: 'node', target: 'node20' } as const;

export const esbuildBuilder: WorkerBuilder = async (entry) => {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    ...BUILD_OPTIONS,
    entryPoints: [entry],
    absWorkingDir: ROOT,
    write: false,
    metafile: true,
    logLevel: 'silent',
    // Some bundled CommonJS may call require(); give the ES module one.
    banner: { js: "import { createRequire as __mapfCreateRequire } from 'node:module'; const require = __mapfCreateRequire(import.meta.url);" },
  });
  const out = result.outputFiles[0];
  if (!out) throw new Error('esbuild produced no output');
  const inputs = Object.keys(result.metafile.inputs).map((p) => resolve(ROOT, p));
  return { code: out.text, inputs, builder: `esbuild ${esbuild.version} ${JSON.stringify(BUILD_OPTIONS)}` };
};

/**
 * The cache key: a hash over the builder's identity and each input's path and content. Any
 * change to an input's content (or a missing input) gives another key.
 */
export async function bundleHash(inputs: readonly string[], builder: string): Promise<string> {
  const hash = createHash('sha256');
  hash.update(builder).update('\0');
  for (const path of [...inputs].sort()) {
    hash.update(path).update('\0');
    hash.update(await readFile(path)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

async function writeAtomic(path: string, text: string): Promise<void> {
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, text);
  await rename(temp, path);
}

/** The cached bundle for the current sources if there is one (no build), else null. */
async function cachedBundle(cacheDir: string): Promise<string | null> {
  try {
    const listed = JSON.parse(await readFile(join(cacheDir, INPUTS_FILE), 'utf8')) as { inputs: string[]; builder: string };
    const path = join(cacheDir, `solver-worker-${await bundleHash(listed.inputs, listed.builder)}.mjs`);
    return (await exists(path)) ? path : null;
  } catch {
    return null; // no list yet, or an input is gone: build afresh
  }
}

/** Builds the bundle, stores it under its hash, and returns its path. */
export async function buildWorkerBundle(cacheDir = DEFAULT_CACHE_DIR, builder: WorkerBuilder = esbuildBuilder): Promise<string> {
  const cached = await cachedBundle(cacheDir);
  if (cached) return cached;
  const built = await builder(ENTRY);
  const path = join(cacheDir, `solver-worker-${await bundleHash(built.inputs, built.builder)}.mjs`);
  await mkdir(cacheDir, { recursive: true });
  await writeAtomic(path, built.code);
  await writeAtomic(join(cacheDir, INPUTS_FILE), JSON.stringify({ inputs: built.inputs, builder: built.builder }));
  return path;
}

/**
 * Returns a function giving the URL workers start from: the bundle, built on the first call
 * (concurrent callers share the one promise), or bootstrap.mjs if that build failed.
 */
export function workerScriptResolver(
  cacheDir = DEFAULT_CACHE_DIR,
  builder: WorkerBuilder = esbuildBuilder,
  warn: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): () => Promise<URL> {
  let script: Promise<URL> | null = null;
  return () =>
    (script ??= buildWorkerBundle(cacheDir, builder).then(
      (path) => pathToFileURL(path),
      (error: unknown) => {
        const text = error instanceof Error ? error.message.split('\n')[0] : String(error);
        warn(`mapf-lab: warning: could not bundle the solver worker (${text}); starting workers through tsx`);
        return BOOTSTRAP_URL;
      },
    ));
}
