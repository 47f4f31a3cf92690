/** Commands on the document as a whole: a JSON edit, loading, and a solver's result. */
import { contentFromScenario } from '../../../core/scenario/content.ts';
import { parseScenarioJson } from '../../../core/scenario/parse.ts';
import type { CommandDefinition } from './commandContext.ts';
import { CommandError } from './commandTypes.ts';
import { diffCells, diffDocument } from './documentDiff.ts';

export const replaceFromJson: CommandDefinition<'replaceFromJson'> = {
  history: 'immediate',
  run(context, { text, fileName = 'scenario.json', solverNames }) {
    const { doc, tx } = context;
    const source = doc.mapSource;
    // A map file can only be the one already open: the JSON editor does not read files.
    const sameFile = (path: string) => source.kind === 'file' && source.path === path;
    const scenario = parseScenarioJson(text, fileName, { solverNames });
    if (scenario.map.kind === 'file' && !sameFile(scenario.map.path)) {
      throw new CommandError(`map.path: '${scenario.map.path}' is not the open map file; open a different map with File > Open`);
    }
    const next = contentFromScenario(scenario, { mapGrid: doc.grid, fileName });
    if (next.grid.width !== doc.grid.width || next.grid.height !== doc.grid.height) {
      tx.apply({ kind: 'resize', width: next.grid.width, height: next.grid.height, restore: null });
    }
    for (const change of diffCells(doc, next)) tx.apply(change);
    for (const change of diffDocument(doc, next)) tx.apply(change);
  },
};

export const loadDocument: CommandDefinition<'loadDocument'> = {
  history: 'never',
  clearsHistory: true,
  run(context, { document, identity }) {
    context.replaceDocument(document, identity);
  },
};

export const receiveSolution: CommandDefinition<'receiveSolution'> = {
  history: 'never',
  run(context, { solution }) {
    context.setSolution(solution);
  },
};
