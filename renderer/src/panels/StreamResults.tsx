/**
 * A stream run's measures in the results (the solver's, core/simulation/streamMeasures.ts): units
 * that appeared, left and are on the map at the end; goals reached and exits per 10 turns (the
 * delivered throughput); time in the system (appearance to exit) mean, p95 and max; and each
 * spawner's units placed and backlog (due but not placed: its area stayed taken, "the gate is jammed").
 */
import type { WireStreamMeasures } from '../../../core/scenario/streamWire.ts';
import { realRate } from '../../../core/experiments/rateUnits.ts';
import { modelStore } from '../state/modelStore.ts';
import { useSlice } from '../state/store.ts';

export function StreamResults({ streams }: { streams: WireStreamMeasures }) {
  const tis = streams.timeInSystem;
  // With the game's turn length set (Scenario panel), rates a minute and times in seconds too.
  const scale = useSlice(modelStore, (s) => s.scale);
  const seconds = (turns: number) => (scale?.turnSeconds === undefined ? '' : ` (${(turns * scale.turnSeconds).toFixed(1)} s)`);
  const onMap = streams.onMap.length > 0 ? streams.onMap[streams.onMap.length - 1] : 0;
  return (
    <div className="stream-results" data-testid="stream-results">
      <h3>Stream</h3>
      <dl className="stream-measures">
        <dt>Units</dt>
        <dd data-testid="stream-units">{streams.appeared} appeared, {streams.left} left by an exit, {onMap} on the map at the end (most {Math.max(0, ...streams.onMap)})</dd>
        <dt>Throughput</dt>
        <dd data-testid="stream-throughput" title="Goals reached (exits included) and exits per 10 turns over the run">
          {streams.throughput.toFixed(2)} goals reached{realRate(streams.throughput, scale, false)}, {streams.exitThroughput.toFixed(2)} exits per 10 turns{realRate(streams.exitThroughput, scale, false)}
        </dd>
        <dt>Time in system</dt>
        <dd data-testid="stream-time" title="Turns from a unit's appearance to its exit, over the units that left">
          {tis === null ? 'no unit left' : `mean ${tis.mean.toFixed(1)}${seconds(tis.mean)}, p95 ${tis.p95}, max ${tis.max} turns${seconds(tis.max)}`}
        </dd>
      </dl>
      {streams.spawners.length > 0 && (
        <table className="results" data-testid="stream-spawners">
          <thead>
            <tr><th>Spawner</th><th>Placed</th><th title="Units due but not placed: no free cell in its area">Backlog max / end</th></tr>
          </thead>
          <tbody>
            {streams.spawners.map((s) => (
              <tr key={s.name} className={s.backlogEnd > 0 ? 'unarrived' : ''} title={s.backlogEnd > 0 ? 'It could not place every unit due: its area stayed taken' : undefined}>
                <td>{s.name}</td>
                <td>{s.sent}</td>
                <td>{s.backlogMax} / {s.backlogEnd}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
