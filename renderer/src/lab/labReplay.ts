/**
 * Pick a chart point, see one of its runs: the run's instance is rebuilt from its RunSpec
 * (core/experiments/instances.ts, the same builder the worker used), loaded into the editor as a
 * scenario with the run's solver, seed and limits, and solved by the editor's solver service,
 * whose result the replay player shows. The solve is the editor's (a plan played on the
 * editor's simulator), so the replay shows that solver on that instance; its figures can differ
 * from the run's where the sweep's turn simulation differs from the editor's.
 */
import { InstanceBuilder } from '../../../core/experiments/instances.ts';
import type { RunSpec } from '../../../core/experiments/runPlan.ts';
import { completeAgent } from '../../../core/scenario/content.ts';
import { AGENT_ORDERS } from '../../../core/scenario/schema.ts';
import { emptyDocument, type EditorDocument } from '../model/document.ts';

/**
 * The scenario document of a run: its map, its agents as units, its solver settings. Pure:
 * `files` holds the texts of the files the run names by path (core/protocol/pool.ts's
 * runFiles: the ones the sweep's pool read for the run), read by the caller.
 */
export function runDocument(run: RunSpec, files: Readonly<Record<string, string>> = {}): EditorDocument {
  const builder = new InstanceBuilder({
    readText: (name) => {
      const text = files[name];
      if (text === undefined) throw new Error(`${name}: the browser edition cannot read files by path; replay runs on map files in the desktop app, or carry the map in the experiment (Add .map…)`);
      return text;
    },
  });
  const { instance } = builder.build(run);
  const { grid } = instance;
  const doc = emptyDocument(grid.width, grid.height, `${run.label} · ${run.mapName}#${run.instance} · ${run.agents} agents (run ${run.id})`);
  doc.grid = grid;
  doc.movement = { ...instance.movement };
  doc.agents = instance.agents.map((a, i) =>
    completeAgent({ id: `a${i + 1}`, name: `Unit ${i + 1}`, start: [a.start % grid.width, Math.floor(a.start / grid.width)], goal: [a.goal % grid.width, Math.floor(a.goal / grid.width)] }, i),
  );
  // The settings the solve panel shows as fields leave params for their fields.
  const params: Record<string, unknown> = { ...run.params };
  const window = typeof params.window === 'number' && Number.isInteger(params.window) && params.window >= 1 ? params.window : undefined;
  if (window !== undefined) delete params.window;
  const order = AGENT_ORDERS.find((o) => o === params.order);
  if (order !== undefined) delete params.order;
  doc.solver = { ...doc.solver, solver: run.solver, seed: run.seed, params, turnLimit: run.turnLimit, timeLimitMs: run.timeLimitMs, window, order: order ?? 'given' };
  return doc;
}
