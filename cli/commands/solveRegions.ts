/** The scenario's measured regions in `solve --scenario`'s output. */
import { type TimeScale, realRate } from '../../core/experiments/rateUnits.ts';
import { type RegionMeasures, THROUGHPUT_TURNS } from '../../core/mapf/regionMeasures.ts';

/** The JSON form: every figure but the per-turn queue (its maximum stands for it). */
export function regionsJson(measures: readonly RegionMeasures[]): Record<string, unknown>[] {
  return measures.map(({ name, units, firstEntry, lastExit, throughput, peakThroughput, entries, crossings, turnBacks, crossingRate, peakCrossings, totalWait, meanWait, maxWait, maxQueue }) => ({
    name, units, firstEntry, lastExit, throughput, peakThroughput, entries, crossings, turnBacks, crossingRate, peakCrossings, totalWait, meanWait, maxWait, maxQueue,
  }));
}

/** One line per region for the text output. */
export function regionsText(measures: readonly RegionMeasures[], scale?: TimeScale): string[] {
  return measures.map((m) => m.units === 0
    ? `region ${m.name}: no unit passed through it${m.totalWait > 0 ? `; ${m.totalWait} turns waited next to it (most ${m.maxWait} by one unit)` : ''}`
    : `region ${m.name}: ${m.units} units from turn ${m.firstEntry} to ${m.lastExit}, ${m.crossings} crossings, ${m.crossingRate.toFixed(2)} per ${THROUGHPUT_TURNS} turns${realRate(m.crossingRate, scale, false)} (peak ${m.peakCrossings}), ${m.entries} entries (peak ${m.peakThroughput} per ${THROUGHPUT_TURNS} turns), ${m.turnBacks} turn-backs, waits in and next to it mean ${m.meanWait.toFixed(2)} max ${m.maxWait}, queue up to ${m.maxQueue}`);
}
