/**
 * The folder graph of core/ and the order its layers stand in (core/README.md). A file's folder is
 * its directory under core/, except that everything under a solver family (core/solvers/<family>/)
 * and under experiments/ counts as that family or experiments. The solver contract is
 * `contract`, the building blocks several families share are `planning`, and core/solvers/ holds
 * only the families, each `solvers/<family>`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve, dirname, sep } from 'node:path';

/** Lowest first. A folder may import folders of its own layer or below, never above. */
export const CORE_LAYERS: readonly (readonly string[])[] = [
  ['util', 'grid'],
  ['formats', 'mapf', 'search', 'mapgen'],
  ['scenario', 'level', 'planning'],
  ['contract'],
  ['simulation'],
  ['solvers/*'],
  ['registry'],
  ['replayFile', 'experiments'],
  ['protocol'],
  ['platform', 'examples'],
];

/** The folder a core-relative file path belongs to (posix separators). */
export function folderOf(file: string): string {
  const parts = file.split('/');
  parts.pop();
  if (parts[0] === 'solvers' && parts.length >= 2) return `solvers/${parts[1]}`;
  if (parts.length === 0) return '.';
  return parts[0];
}

/** The layer index of a folder, or -1 when no layer names it. */
export function layerOf(folder: string): number {
  return CORE_LAYERS.findIndex((layer) => layer.some((name) => name === folder || (name === 'solvers/*' && folder.startsWith('solvers/'))));
}

export interface FolderImport {
  from: string;
  to: string;
  file: string;
  specifier: string;
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every import between two different folders of core, read from the sources. */
export function coreFolderImports(coreDir: string): FolderImport[] {
  const imports: FolderImport[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) {
        const file = relative(coreDir, path).split(sep).join('/');
        const text = readFileSync(path, 'utf8');
        for (const match of text.matchAll(SPECIFIER)) {
          const target = relative(coreDir, resolve(dirname(path), match[1])).split(sep).join('/');
          if (target.startsWith('..')) continue; // outside core: the ESLint layering rule's business
          const from = folderOf(file);
          const to = folderOf(target);
          if (from !== to) imports.push({ from, to, file, specifier: match[1] });
        }
      }
    }
  };
  walk(coreDir);
  return imports;
}

/** Folder cycles (strongly connected components of more than one folder), each sorted. */
export function folderCycles(imports: readonly FolderImport[]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    if (!graph.has(from)) graph.set(from, new Set());
    if (!graph.has(to)) graph.set(to, new Set());
    graph.get(from)!.add(to);
  }
  // Tarjan's strongly connected components.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

/** Imports that reach up a layer, between two solver families, or from a folder no layer names. */
export function layerViolations(imports: readonly FolderImport[]): string[] {
  const problems: string[] = [];
  for (const imp of imports) {
    const from = layerOf(imp.from);
    const to = layerOf(imp.to);
    const where = `core/${imp.file} imports '${imp.specifier}'`;
    if (from < 0) problems.push(`${where}: folder '${imp.from}' is in no layer of CORE_LAYERS`);
    else if (to < 0) problems.push(`${where}: folder '${imp.to}' is in no layer of CORE_LAYERS`);
    else if (to > from) problems.push(`${where}: ${imp.from} (layer ${from}) may not import ${imp.to} (layer ${to}, above it)`);
    else if (imp.from.startsWith('solvers/') && imp.to.startsWith('solvers/')) {
      problems.push(`${where}: solver families do not import each other; move the shared piece down (grid/, search/)`);
    }
  }
  return problems;
}
