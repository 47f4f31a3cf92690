/**
 * The stream templates (a bridge with two-way traffic, a gate under waves, a mine-base shuttle):
 * each written as a scenario file reads back through the scenario schema unchanged, and runs with
 * stream-capable solvers in plans the validator accepts, delivering units (exits, or goals reached
 * by the shuttle's workers) and crossing its measured region.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { ABSENT } from '../../../core/mapf/plan.ts';
import { CONTROLLERS } from '../../../core/registry/registry.ts';
import { contentFromScenario, instanceFromContent, scenarioFromContent } from '../../../core/scenario/content.ts';
import { parseScenarioJson } from '../../../core/scenario/parse.ts';
import { serializeScenario } from '../../../core/scenario/serialize.ts';
import { streamsFromContent } from '../../../core/scenario/streamInstance.ts';
import { runController } from '../../../core/simulation/simulator.ts';
import { emptyDocument } from '../../../renderer/src/model/document.ts';
import { STREAM_TEMPLATE_KINDS, streamTemplate } from '../../../renderer/src/templates/streamTemplates.ts';

/** The template as the app opens it, then saved and read back as a file. */
function loaded(kind: (typeof STREAM_TEMPLATE_KINDS)[number]) {
  const template = streamTemplate(kind);
  const doc = { ...emptyDocument(1, 1, template.name), grid: Grid.fromAscii(template.rows), spawners: template.spawners, exits: template.exits, regions: template.regions, solver: template.solver };
  const text = serializeScenario(scenarioFromContent(doc));
  const scenario = parseScenarioJson(text, `${kind}.json`);
  return { template, doc, content: contentFromScenario(scenario, { fileName: `${kind}.json` }) };
}

describe('stream templates', () => {
  it.each(STREAM_TEMPLATE_KINDS)('%s: saved as a scenario file, it reads back through the schema as it was', (kind) => {
    const { template, content } = loaded(kind);
    expect(content.spawners).toEqual(template.spawners);
    expect(content.exits).toEqual(template.exits);
    expect(content.regions).toEqual(template.regions);
    expect(content.solver).toEqual(template.solver);
    expect(content.grid.width).toBe(template.rows[0].length);
    expect(content.grid.height).toBe(template.rows.length);
  });

  it.each(STREAM_TEMPLATE_KINDS.flatMap((kind) => ['template', 'whca'].map((solver) => [kind, solver] as const)))('%s: solved with %s in a valid plan that delivers units through its region', (kind, which) => {
    const { content } = loaded(kind);
    const { instance } = instanceFromContent(content);
    const streams = streamsFromContent(content, content.grid);
    const name = which === 'template' ? content.solver.solver : which;
    const spec = CONTROLLERS.find((c) => c.name === name)!;
    expect(spec, name).toBeDefined();
    const result = runController(instance, spec.factory, { seed: 1, params: {} }, { turnLimit: content.solver.turnLimit, streams });
    expect(result.status, result.message).toBe('solved');
    expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
    const s = result.streams!;
    expect(s.appeared).toBeGreaterThan(0);
    if (kind === 'shuttle') {
      // Every worker makes round trips: more goals reached than workers, nobody leaves.
      expect(s.left).toBe(0);
      expect(s.goalsReached.reduce((a, b) => a + b, 0)).toBeGreaterThan(2 * s.appeared);
    } else {
      expect(s.left).toBeGreaterThan(s.appeared / 2);
    }
    // Someone stood in the measured region (the bridge, the gate, the pass).
    const region = content.regions.find((r) => r.name !== 'mine' && r.name !== 'base')!;
    const inside = (cell: number) => {
      const x = cell % content.grid.width;
      const y = (cell - x) / content.grid.width;
      return x >= region.from[0] && x <= region.to[0] && y >= region.from[1] && y <= region.to[1];
    };
    expect(result.paths.some((path) => path.some((cell) => cell !== ABSENT && inside(cell)))).toBe(true);
  });
});
