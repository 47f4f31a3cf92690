/** The measured regions: named rectangles, edited as a whole. */
import { z } from 'zod';
import { checkScenarioOnGrid } from '../../../core/scenario/checks.ts';
import { RegionSchema } from '../../../core/scenario/schema.ts';
import { formatPath } from '../../../core/scenario/scenarioError.ts';
import type { CommandDefinition } from './commandContext.ts';
import { CommandError } from './commandTypes.ts';
import { drawnProblem } from './drawnProblem.ts';

/** Checked like the file: names given and unique, corners on the map. Regions do not change plans. */
export const setRegions: CommandDefinition<'setRegions'> = {
  history: 'immediate',
  run(context, { regions }) {
    const parsed = z.array(RegionSchema).safeParse(regions);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new CommandError(drawnProblem({ path: formatPath(['regions', ...issue.path]), message: issue.message }));
    }
    const seen = new Map<string, number>();
    parsed.data.forEach((region, i) => {
      const first = seen.get(region.name);
      if (first !== undefined) throw new CommandError(drawnProblem({ path: `regions[${i}].name`, message: `'${region.name}' is already the name of region ${first + 1}; names must be unique` }));
      seen.set(region.name, i);
    });
    const problems = checkScenarioOnGrid({ agents: [], events: [], regions: parsed.data }, context.doc.grid);
    if (problems.length > 0) throw new CommandError(drawnProblem(problems[0]));
    if (JSON.stringify(parsed.data) === JSON.stringify(context.doc.regions)) return;
    context.tx.apply({ kind: 'field', field: 'regions', value: parsed.data });
  },
};

/** A name not yet used: `region 1`, `region 2`, … */
export function nextRegionName(names: readonly string[]): string {
  const used = new Set(names);
  let n = names.length + 1;
  while (used.has(`region ${n}`)) n++;
  return `region ${n}`;
}
