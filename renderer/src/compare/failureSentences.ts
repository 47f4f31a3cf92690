/**
 * A grid planner that did not solve the scenario, said in a sentence under the Compare table: what
 * it reached, why (the gridlock's where and who, or the solver's own reason), and whether another
 * planner of the comparison solved it, in which case the failure is the solver's and not a
 * property of the level. The table's status cell alone ("8 of 20 arrived (failed)") said neither.
 */
import { lockWords } from '../../../core/simulation/gridlock.ts';
import { type CompareRow, shortSolverName } from './compareRows.ts';

export function plannerFailureSentences(rows: readonly CompareRow[]): string[] {
  let solved: CompareRow | null = null;
  for (const row of rows) {
    if (row.crowd || row.status !== 'solved') continue;
    if (solved === null || (row.makespan ?? Infinity) < (solved.makespan ?? Infinity)) solved = row;
  }
  const out: string[] = [];
  for (const row of rows) {
    if (row.crowd || row.status === 'solved' || row.status === 'cancelled') continue;
    const name = shortSolverName(row.solver);
    const reached = row.paths.length > 0 ? `${row.arrived} of ${row.agents} units reached their goals` : 'it gave no plan';
    const message = row.message?.trim();
    const why = lockWords(message) ?? (message ? message.replace(/\.$/, '') : `it stopped with status '${row.status}' and gave no reason`);
    const verdict = solved
      ? `${shortSolverName(solved.solver)} solved it${solved.makespan !== null ? ` in ${solved.makespan} turns` : ''}, so this is ${name}'s failure, not the level's`
      : 'no planner in this comparison solved it, which does not prove the level cannot be crossed';
    out.push(`${name} did not solve it (${row.status}): ${reached}; ${why}. ${verdict[0].toUpperCase()}${verdict.slice(1)}.`);
  }
  return out;
}
