/**
 * The layering rule, demonstrated: ESLint rejects core reaching for Node, Electron, React or the
 * DOM, renderer importing main, and main importing renderer; tests follow their layer's rule.
 */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function layeringErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals').map((m) => m.message);
}

describe('layering lint rule', () => {
  it.each([
    ['core/probe.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n", /Node/],
    ['core/probe.ts', "import { readFileSync } from 'fs';\nexport const x = readFileSync;\n", /Node/],
    ['core/grid/probe.ts', "import { app } from 'electron';\nexport const x = app;\n", /Electron/],
    ['core/probe.ts', "import { useState } from 'react';\nexport const x = useState;\n", /React/],
    ['core/probe.ts', 'export const title = document.title;\n', /host global 'document'/],
    ['core/probe.ts', 'export const w = window.innerWidth;\n', /host global 'window'/],
    ['core/probe.ts', "import { registerSolverIpc } from '../main/ipc/solverIpc.ts';\nexport const x = registerSolverIpc;\n", /nothing of ours outside core/],
    ['renderer/src/probe.ts', "import { APP_ORIGIN } from '../../main/security.ts';\nexport const x = APP_ORIGIN;\n", /renderer\/ must not import main/],
    ['renderer/src/probe.ts', "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n", /preload API/],
    ['main/probe.ts', "import { App } from '../renderer/src/App.tsx';\nexport const x = App;\n", /main\/ must not import renderer/],
    ['test/core/probe.test.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n", /Node/],
  ])('rejects a forbidden import in %s', async (file, code, reason) => {
    const errors = await layeringErrors(file, code);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toMatch(reason);
  });

  it('accepts core importing core, and main and renderer importing core', async () => {
    await expect(layeringErrors('core/probe.ts', "import { Grid } from './grid/grid.ts';\nexport const g = new Grid(2, 2);\n")).resolves.toEqual([]);
    await expect(layeringErrors('main/probe.ts', "import { Grid } from '../core/grid/grid.ts';\nexport const g = new Grid(2, 2);\n")).resolves.toEqual([]);
    await expect(layeringErrors('renderer/src/probe.ts', "import { Grid } from '../../core/grid/grid.ts';\nexport const g = new Grid(2, 2);\n")).resolves.toEqual([]);
  });
});
