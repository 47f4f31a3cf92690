/**
 * core/'s folders import each other one way: no folder cycles, and no folder reaching
 * up a layer of CORE_LAYERS. The checks are shown failing on made-up graphs first.
 */
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { type FolderImport, coreFolderImports, folderCycles, folderOf, layerViolations } from './coreFolders.ts';

const coreDir = fileURLToPath(new URL('../../../core/', import.meta.url));
const edge = (from: string, to: string): FolderImport => ({ from, to, file: `${from}/x.ts`, specifier: `../${to}/y.ts` });

describe('core folder checks', () => {
  it('finds a cycle of folders', () => {
    expect(folderCycles([edge('simulation', 'solvers/cooperative'), edge('solvers/cooperative', 'simulation'), edge('simulation', 'grid')])).toEqual([['simulation', 'solvers/cooperative']]);
    expect(folderCycles([edge('protocol', 'experiments'), edge('experiments', 'mapf')])).toEqual([]);
  });

  it('flags an import up a layer, between families, and from an unlisted folder', () => {
    const problems = layerViolations([edge('simulation', 'registry'), edge('solvers/cbs', 'solvers/optimal'), edge('newthing', 'grid'), edge('registry', 'solvers/cbs')]);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/simulation \(layer \d\) may not import registry/);
    expect(problems[1]).toMatch(/families do not import each other/);
    expect(problems[2]).toMatch(/'newthing' is in no layer/);
  });

  it('counts a family as one folder, and the contract as its own', () => {
    expect(folderOf('contract/types.ts')).toBe('contract');
    expect(folderOf('solvers/optimal/jointSearch.ts')).toBe('solvers/optimal');
    expect(folderOf('solvers/cbs/low/astar.ts')).toBe('solvers/cbs');
    expect(folderOf('experiments/report/reportHtml.ts')).toBe('experiments');
  });
});

describe("core's sources", () => {
  const imports = coreFolderImports(coreDir);

  it('reads the imports between folders', () => {
    expect(imports.some((imp) => imp.from === 'registry' && imp.to === 'solvers/optimal')).toBe(true);
  });

  it('have no folder cycles', () => {
    expect(folderCycles(imports)).toEqual([]);
  });

  it('import only their own layer or below', () => {
    expect(layerViolations(imports)).toEqual([]);
  });
});
