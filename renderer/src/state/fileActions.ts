/**
 * Opening and saving Moving AI files. Nothing half-read replaces the scenario: a file that
 * fails to parse leaves everything as it was and says what and where (file:line:column).
 */
import { parseMap, writeMap } from '../../../core/formats/movingAiMap.ts';
import { parseScenario, checkScenario } from '../../../core/formats/movingAiScenario.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { checkInstance, type AgentTask } from '../../../core/mapf/instance.ts';
import { fileService } from '../platform/index.ts';
import { labStore } from './labState.ts';

const MAP_FILTER = [{ name: 'Moving AI map', extensions: ['map'] }];
const SCEN_FILTER = [{ name: 'Moving AI scenario', extensions: ['scen'] }];

/** How many units "Add units from scenario" takes from the top of a .scen file. */
export const UNITS_FROM_SCENARIO = 10;

export async function openMapFile(): Promise<void> {
  await reportErrors(async () => {
    const file = await fileService.openText(MAP_FILTER);
    if (!file) return;
    const mapFile = parseMap(file.text, file.name);
    const { grid } = mapFile;
    labStore.set({
      scenarioName: file.name,
      instance: { grid, movement: FOUR_CONNECTED, agents: [] },
      mapFile,
      outcome: null,
      notice: { kind: 'info', text: `Opened ${file.name} (${grid.width}×${grid.height}). Add units from a scenario file to solve.` },
    });
  });
}

export async function addUnitsFromScenario(): Promise<void> {
  await reportErrors(async () => {
    const file = await fileService.openText(SCEN_FILTER);
    if (!file) return;
    const { instance, scenarioName } = labStore.get();
    const scenario = parseScenario(file.text, file.name);
    checkScenario(scenario, instance.grid, file.name, scenarioName);
    const taken = scenario.entries.slice(0, UNITS_FROM_SCENARIO);
    const agents: AgentTask[] = taken.map((e) => ({ start: instance.grid.cell(e.startX, e.startY), goal: instance.grid.cell(e.goalX, e.goalY) }));
    const next = { ...instance, agents };
    checkInstance(next);
    labStore.set({
      instance: next,
      outcome: null,
      notice: { kind: 'info', text: `Placed the first ${agents.length} of ${scenario.entries.length} units from ${file.name}.` },
    });
  });
}

export async function saveMapFile(): Promise<void> {
  await reportErrors(async () => {
    const { instance, scenarioName, mapFile } = labStore.get();
    const source = mapFile !== null && mapFile.grid === instance.grid ? mapFile : instance.grid;
    const name = scenarioName.endsWith('.map') ? scenarioName : `${scenarioName.replace(/[^A-Za-z0-9_-]+/g, '-').toLowerCase()}.map`;
    const outcome = await fileService.saveText(name, writeMap(source), MAP_FILTER);
    if (outcome.error) labStore.set({ notice: { kind: 'error', text: outcome.error } });
    else if (outcome.saved) labStore.set({ notice: { kind: 'info', text: `Saved ${outcome.name ?? name}.` } });
  });
}

async function reportErrors(action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    labStore.set({ notice: { kind: 'error', text: error instanceof Error ? error.message : String(error) } });
  }
}
