/**
 * A lifelong run saved as the League of Robot Runners' output file (Start-Kit 2024,
 * core/formats/lorrOutput.ts), which PlanViz (MAPF-Competition/PlanViz) replays beside the map:
 * MAPF_T actions per robot, the tasks revealed and each errand's events.
 */
import type { Grid } from '../../../core/grid/grid.ts';
import { type WireLifelongRun, lifelongRunDocument } from '../../../core/protocol/lifelongWire.ts';
import { fileService } from '../platform/index.ts';
import { currentOutcome } from '../solve/plan.ts';
import { model } from '../state/session.ts';
import { notify } from '../solve/solveState.ts';
import { reportErrors } from '../documents/fileActions.ts';
import { slug } from '../../../core/util/names.ts';

/** The output file's text for a run on `grid`. */
export function planVizText(grid: Grid, run: WireLifelongRun): string {
  return `${JSON.stringify(lifelongRunDocument(grid, run))}\n`;
}

export async function exportPlanViz(): Promise<void> {
  await reportErrors(async () => {
    const run = currentOutcome()?.lifelong?.run;
    if (!run) throw new Error('There is no up-to-date lifelong run to export: open a LoRR problem and solve first.');
    const name = `${slug(model.document.name.replace(/\.json$/i, ''))}-planviz.json`;
    const saved = await fileService.saveText(name, planVizText(model.document.grid, run), [{ name: 'LoRR output (PlanViz)', extensions: ['json'] }]);
    if (saved.error) notify('error', saved.error);
    else if (saved.saved) notify('info', `Saved ${saved.name ?? name}: open it in PlanViz with the problem's map (python3 script/run.py --map MAP --plan ${saved.name ?? name}).`);
  });
}
