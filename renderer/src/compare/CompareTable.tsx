/**
 * The comparison table: a row per run with status, makespan, sum of costs (its cost model
 * named), the proved bound where a run has one, waits, each measured region's crossings per 10
 * turns and mean wait, solve time, and the A/B picks. The best value of each column is marked
 * (compareBest.ts). Cells never wrap in the narrow side panel, where the table scrolls sideways;
 * in the Compare view the status and the headings wrap, so a comparison with the crowd models'
 * five steering columns fits a 1280 px window.
 */
import { compareStore } from './compareState.ts';
import { showCompareRow } from './compareActions.ts';
import { statusText, type CompareRow } from './compareRows.ts';
import { bestMarks } from './compareBest.ts';
import { BOUND_HEADING_TITLE, boundTitle } from '../panels/boundText.ts';

interface Props {
  rows: CompareRow[];
  regionNames: string[];
  /** The comparison belongs to the scenario as it is (its rows can be replayed). */
  current: boolean;
  shown: number | null;
  a: number | null;
  b: number | null;
}

const BEST = 'Best in this column';

export function CompareTable({ rows, regionNames, current, shown, a, b }: Props) {
  // The proved lower bound gets a column when a run has one (it was in the row's tooltip only).
  const bounded = rows.some((row) => row.lowerBound !== null);
  // The engine crowd models' steering measures get their columns when a crowd model ran.
  const crowds = rows.some((row) => row.crowd);
  const marks = bestMarks(rows, regionNames.length);
  const cell = (marked: boolean, testId: string, text: string | number, title?: string) => (
    <td data-testid={testId} className={marked ? 'best' : undefined} title={marked ? (title ? `${title}\n${BEST}` : BEST) : title} data-best={marked ? 'true' : undefined}>
      {text}
    </td>
  );
  const costModel = rows[0]?.costModel ?? 'rest';
  return (
    <div className="compare-scroll">
      <table className={`results compare${current ? '' : ' stale-rows'}`} data-testid="compare-table">
        <thead>
          <tr>
            <th>Solver</th>
            <th>Status</th>
            <th title="Turns until the last unit rests on its goal">Makespan</th>
            <th title={`Sum of costs, cost model '${costModel}'`}>SoC ({costModel})</th>
            {bounded && <th title={BOUND_HEADING_TITLE}>Bound</th>}
            <th title="Turns units stood still off their goals: all units, and the most one unit waited">Waits / max</th>
            {regionNames.map((name) => (
              <th key={name} title={`${name}: crossings per 10 turns (units that left by another side than they came in), and the mean wait in it or next to it`}>
                {name}
              </th>
            ))}
            {crowds && (
              <>
                <th title="Units on their goal at the end (engine crowd models)">Arrived</th>
                <th title="Units that did not arrive and did not move a cell's distance for the model's stuck time">Stuck</th>
                <th title="Pair-turns of discs intersecting by more than 10% of the radius, and the deepest intersection in % of the radius">Overlaps / deepest</th>
                <th title="Direction reversals (heading turned over 90 degrees between turns while moving), all units: oscillation">Reversals</th>
                <th title="Time per simulation step on the run's clock, mean / max (ms)">Step ms</th>
              </>
            )}
            <th title="Solve time (wall clock, in the solver process)">ms</th>
            <th>A</th>
            <th>B</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr
              key={i}
              className={shown === i ? 'shown' : row.status === 'solved' ? '' : 'failed'}
              onClick={() => showCompareRow(i)}
              data-testid="compare-row"
              title={`${row.message ? `${row.message}\n` : ''}${!current ? 'Made on an earlier version of the scenario: run it again to replay' : row.paths.length === 0 ? 'Its plan was not kept' : 'Click to replay this run'}`}
            >
              <td>{row.label}</td>
              <td className="compare-status" data-testid={`compare-status-${i}`}>{statusText(row)}{row.conflicts > 0 ? `, ${row.conflicts} conflicts` : ''}</td>
              {cell(marks.makespan.has(i), `compare-makespan-${i}`, row.makespan ?? '—')}
              {cell(marks.sumOfCosts.has(i), `compare-soc-${i}`, row.sumOfCosts ?? '—')}
              {bounded && <td data-testid={`compare-bound-${i}`} title={boundTitle(row.solver, row.lowerBound, row.sumOfCosts, row.costModel)}>{row.lowerBound ?? '—'}</td>}
              {cell(marks.waits.has(i), `compare-waits-${i}`, row.totalWait === null ? '—' : `${row.totalWait} / ${row.maxWait}`)}
              {regionNames.map((name, k) => {
                const m = row.regions[k];
                return (
                  <td
                    key={name}
                    data-testid={`compare-region-${i}-${k}`}
                    className={marks.regions[k].has(i) ? 'best' : undefined}
                    data-best={marks.regions[k].has(i) ? 'true' : undefined}
                    title={m ? `${m.crossings} crossed (peak ${m.peakCrossings} per 10 turns), ${m.entries} entries, ${m.turnBacks} turned back${marks.regions[k].has(i) ? `\n${BEST}` : ''}` : undefined}
                  >
                    {m ? `${m.crossingRate.toFixed(2)} · ${m.meanWait.toFixed(1)}` : '—'}
                  </td>
                );
              })}
              {crowds && (
                <>
                  <td data-testid={`compare-arrived-${i}`}>{row.crowd ? row.crowd.arrived : '—'}</td>
                  <td data-testid={`compare-stuck-${i}`}>{row.crowd ? row.crowd.stuck : '—'}</td>
                  <td data-testid={`compare-overlaps-${i}`}>{row.crowd ? `${row.crowd.overlaps} / ${row.crowd.deepestOverlapPct.toFixed(0)}%` : '—'}</td>
                  <td data-testid={`compare-reversals-${i}`}>{row.crowd ? row.crowd.reversals : '—'}</td>
                  <td data-testid={`compare-step-${i}`}>{row.crowd ? `${row.crowd.stepMsMean.toFixed(2)} / ${row.crowd.stepMsMax.toFixed(1)}` : '—'}</td>
                </>
              )}
              {cell(marks.solveMs.has(i), `compare-ms-${i}`, row.solveMs.toFixed(0))}
              <td onClick={(e) => e.stopPropagation()}>
                <input type="radio" name="compare-a" checked={a === i} disabled={!current} onChange={() => compareStore.set({ a: i })} aria-label={`A: ${row.label}`} data-testid={`compare-a-${i}`} />
              </td>
              <td onClick={(e) => e.stopPropagation()}>
                <input type="radio" name="compare-b" checked={b === i} disabled={!current} onChange={() => compareStore.set({ b: i })} aria-label={`B: ${row.label}`} data-testid={`compare-b-${i}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
