/**
 * The document a League of Robot Runners problem opens as: its map as the grid, each robot a
 * unit at its start (numbered from 1, its goal its start until the problem's tasks are run).
 */
import type { LorrProblem } from '../../../core/formats/lorrProblem.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { completeAgent } from '../../../core/scenario/content.ts';
import { emptyDocument, type EditorDocument } from '../model/document.ts';

export function lorrProblemDocument(name: string, problem: LorrProblem): EditorDocument {
  const { grid } = problem;
  const agents = Array.from(problem.starts, (cell, i) => {
    const at = [grid.x(cell), grid.y(cell)] as const;
    return completeAgent({ id: `r${i + 1}`, name: `Robot ${i + 1}`, start: at, goal: at }, i);
  });
  return { ...emptyDocument(1, 1, name), grid, mapSource: { kind: 'file' as const, path: problem.mapFile }, movement: { ...FOUR_CONNECTED }, agents };
}
