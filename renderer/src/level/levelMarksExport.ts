/**
 * Export > Marks into the Tiled map: the app's side of `mapf-lab level-marks`. A copy of the
 * Tiled map the scenario came from, with its measured regions (and the current plan's crossings
 * per 10 turns, mean wait and peak queue), spawners and exits on the object layer `mapf-lab`, and
 * the plan's heat map as a picture under them. The map's text is the one picked on import or
 * reload; after the scenario was reopened, the user picks the map again. Save both beside the map
 * so its tilesets and the picture are found.
 */
import { THROUGHPUT_TURNS, measureRegions } from '../../../core/mapf/regionMeasures.ts';
import { ABSENT } from '../../../core/mapf/plan.ts';
import { type CellPath, encodePng, heatPixels, trafficHeat } from '../../../core/level/heatImage.ts';
import { type LabMarks, marksIntoTmj, marksIntoTmx } from '../../../core/level/markExport.ts';
import { fileService } from '../platform/index.ts';
import { currentOutcome } from '../solve/plan.ts';
import { model } from '../state/session.ts';
import { notify } from '../solve/solveState.ts';
import { reportErrors } from '../documents/fileActions.ts';
import { slug } from '../../../core/util/names.ts';
import { mainLevel, pickFiles, readPicked } from './levelPick.ts';
import { lastLevelText } from './levelImportState.ts';

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/** The text of the scenario's Tiled map: the one picked this session, else picked now. */
async function mapText(path: string): Promise<string | null> {
  const known = lastLevelText(path);
  if (known !== undefined) return known;
  notify('info', `Pick ${baseName(path)}, the Tiled map this scenario came from, to write the marks into a copy of it.`);
  const picked = await pickFiles();
  if (!picked) return null;
  const found = mainLevel(await readPicked(picked), path);
  if (!found?.file.text) throw new Error(`None of the picked files is ${baseName(path)}.`);
  return found.file.text;
}

export async function exportLevelMarks(): Promise<void> {
  await reportErrors(async () => {
    const doc = model.document;
    const source = doc.source;
    if (!source || (source.format !== 'tiled-json' && source.format !== 'tiled-xml')) {
      throw new Error('This scenario was not imported from a Tiled map (Level…), so there is no map to write the marks into.');
    }
    const text = await mapText(source.path);
    if (text === null) return;
    const { grid } = doc;
    const outcome = currentOutcome();
    const plan = outcome && outcome.paths.length > 0 ? outcome : null;
    const measures = plan && doc.regions.length > 0
      ? measureRegions({ width: grid.width, paths: plan.paths, goals: plan.goals, sizes: plan.streams?.unitSizes ?? doc.agents.map((a) => a.size) }, doc.regions)
      : null;
    let marks: LabMarks = {
      regions: doc.regions.map((r, i) => ({ ...r, ...(measures ? { figures: { crossingRate: measures[i].crossingRate, meanWait: measures[i].meanWait, maxQueue: measures[i].maxQueue } } : {}) })),
      spawners: doc.spawners ?? [],
      exits: doc.exits ?? [],
    };
    const stem = slug(baseName(source.path).replace(/\.[^.]+$/, ''));
    if (plan) {
      const k = source.choices.cellsPerTile ?? 1;
      const cellWidth = (source.tileWidth ?? 1) / k;
      const cellHeight = (source.tileHeight ?? 1) / k;
      const width = Math.ceil(grid.width * cellWidth);
      const height = Math.ceil(grid.height * cellHeight);
      const paths: CellPath[] = plan.paths.map((path) => path.map((cell) => (cell === ABSENT ? null : [grid.x(cell), grid.y(cell)] as const)));
      const png = encodePng(heatPixels(trafficHeat(grid.width, grid.height, paths), grid.width, grid.height, cellWidth, cellHeight, width, height), width, height);
      const saved = await fileService.saveBytes(`${stem}-heat.png`, png, 'image/png', [{ name: 'PNG picture', extensions: ['png'] }]);
      if (saved.error) throw new Error(saved.error);
      if (saved.saved) marks = { ...marks, heat: { image: saved.name ?? `${stem}-heat.png`, width, height } };
    }
    const xml = source.format === 'tiled-xml';
    const copy = xml ? marksIntoTmx(text, source.path, marks, source) : marksIntoTmj(text, source.path, marks, source);
    const name = `${stem}-marked.${xml ? 'tmx' : 'tmj'}`;
    const saved = await fileService.saveText(name, copy, [{ name: 'Tiled map', extensions: [xml ? 'tmx' : 'tmj'] }]);
    if (saved.error) throw new Error(saved.error);
    if (saved.saved) {
      notify('info', `Saved ${saved.name ?? name}: ${baseName(source.path)} with the layer mapf-lab (${marks.regions.length} regions${measures ? ` with crossings per ${THROUGHPUT_TURNS} turns, mean wait and peak queue` : ', no plan to measure'}, ${marks.spawners.length} spawners, ${marks.exits.length} exits)${marks.heat ? ` and the heat map ${marks.heat.image}` : ''}. Save it beside the map so its tilesets are found.`);
    }
  });
}
