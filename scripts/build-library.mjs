// Builds the library package (packages/mapf): tsc emits its sources and the part of core/ they
// reach as ES modules with declarations; this lays them out as dist/ (the entries at its top,
// core/ beside them), points the declarations' imports at .js as the modules' are, and copies
// the licence and notices into the package.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = join(root, 'packages/mapf');
const build = join(pkg, 'build');
const dist = join(pkg, 'dist');
rmSync(build, { recursive: true, force: true });
rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(pkg, 'tsconfig.build.json')], { stdio: 'inherit' });
renameSync(join(build, 'packages/mapf/src'), dist);
renameSync(join(build, 'core'), join(dist, 'core'));
rmSync(build, { recursive: true, force: true });

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}
for (const file of files(dist)) {
  let text = readFileSync(file, 'utf8');
  const before = text;
  // The entries moved up beside core/.
  if (dirname(file) === dist) text = text.replaceAll('"../../../core/', '"./core/').replaceAll("'../../../core/", "'./core/");
  // Declarations keep the sources' .ts imports; the package ships .js and .d.ts.
  if (file.endsWith('.d.ts')) text = text.replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]+)\.ts\2/g, '$1$2$3.js$2');
  if (text !== before) writeFileSync(file, text);
}
for (const name of ['LICENSE', 'THIRD_PARTY_NOTICES']) cpSync(join(root, name), join(pkg, name));
if (!existsSync(join(dist, 'index.js'))) throw new Error('build-library: dist/index.js was not made');
console.log(`built ${dist}`);
