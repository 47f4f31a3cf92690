/**
 * The editor's document: the scenario being edited, in the working form core defines
 * (ScenarioContent: a Grid, a Movement, units with [x, y] cells). Only commands change it: the
 * grid in place (its `version` says when), everything else by replacing the value, so a view can
 * tell a changed slice by reference.
 */
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { contentFromScenario, scenarioFromContent, type ScenarioContent } from '../../../core/scenario/content.ts';
import { parseScenarioJson, type ScenarioParseOptions } from '../../../core/scenario/parse.ts';
import { DEFAULT_SOLVER_SETTINGS, type Scenario } from '../../../core/scenario/schema.ts';

export type EditorDocument = ScenarioContent;

/** An open map of the given size with no units. */
export function emptyDocument(width = 32, height = 32, name = 'Untitled scenario'): EditorDocument {
  return {
    name,
    grid: new Grid(width, height),
    mapSource: { kind: 'inline' },
    movement: { ...FOUR_CONNECTED },
    agents: [],
    solver: { ...DEFAULT_SOLVER_SETTINGS, params: {} },
    events: [],
    obstacles: [],
    knowledge: 'now',
    regions: [],
  };
}

/**
 * Reads a scenario file's text into a document (for loadDocument). A map given as a file needs
 * its grid in `options.mapGrid`. Throws ScenarioError with located problems.
 */
export function documentFromScenarioText(text: string, fileName: string, options: ScenarioParseOptions = {}): EditorDocument {
  const scenario = parseScenarioJson(text, fileName, options);
  return contentFromScenario(scenario, { mapGrid: options.mapGrid, fileName });
}

/** The file form of a document; see scenarioFromContent for `inlineMap`. */
export function scenarioFromDocument(doc: EditorDocument, options: Parameters<typeof scenarioFromContent>[1] = {}): Scenario {
  return scenarioFromContent(doc, options);
}
