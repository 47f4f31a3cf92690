/**
 * A guidance file (core/formats/guidanceFile.ts) put to use by `solve --lorr --guidance FILE`:
 * read, checked against the problem's map (its hash), and turned into the planner's lanes param.
 */
import type { LanePatternJson } from '../../core/formats/guidanceFile.ts';
import { parseGuidanceFile } from '../../core/formats/guidanceFile.ts';
import type { LorrProblem } from '../../core/formats/lorrProblem.ts';
import { gridHash } from '../../core/scenario/planHash.ts';
import { UsageError } from '../command.ts';
import { readTextFile } from '../files.ts';

/** "rows 0110, columns 01, penalty 3" or "no lanes". */
export function lanesWords(lanes: LanePatternJson | null): string {
  return lanes === null ? 'no lanes' : `rows ${lanes.rows}, columns ${lanes.columns}, penalty ${lanes.penalty}`;
}

/** The planner params that apply `file`'s lanes to `problem`, refused when the file was made for another map or the planner takes no lanes. */
export function guidanceParams(file: string, problem: LorrProblem, planner: string): { params: Record<string, unknown>; words: string } {
  if (planner !== 'epibt') throw new UsageError(`--guidance: the lanes are the epibt planner's (its guide paths); --planner is ${planner}`);
  const guidance = parseGuidanceFile(readTextFile(file, 'guidance'), file);
  const { map } = guidance;
  if (map.hash !== gridHash(problem.grid)) {
    throw new UsageError(`--guidance ${file}: made for ${map.name} (${map.width} x ${map.height}), not for this problem's map ${problem.mapFile} (${problem.grid.width} x ${problem.grid.height})${map.width === problem.grid.width && map.height === problem.grid.height ? ' as it is now (its cells differ)' : ''}; run mapf-lab guidance on the problem again`);
  }
  return { params: guidance.lanes === null ? { lanePenalty: 0 } : { lanes: guidance.lanes }, words: `${lanesWords(guidance.lanes)} (${file})` };
}
