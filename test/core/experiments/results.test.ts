// results.jsonl read back for resume (a partial last line is cut and run again), shards, merge,
// and the definition fingerprint that ties results to their experiment.
import { describe, expect, it } from 'vitest';
import { canonicalJson, experimentHash } from '../../../core/experiments/hash.ts';
import { mergeRecords, parseShard, pendingRuns, readResults, recordLine, shardRuns } from '../../../core/experiments/results.ts';
import { planRuns } from '../../../core/experiments/runPlan.ts';
import { failureRecord } from '../../../core/experiments/runner.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';

const definition = {
  format: 'mapf-lab/experiment',
  version: 1,
  name: 'shards',
  maps: [{ kind: 'random', width: 8, height: 8, density: 0.1, seeds: [1, 2, 3] }],
  agents: [1, 2],
  solvers: [{ solver: 'independent' }, { solver: 'hca' }],
};
const runs = planRuns(parseExperiment(definition));
const recordOf = (i: number) => ({ ...failureRecord(runs[i], 'x', 1), status: 'solved' as const, successes: 1, successRate: 1 });

describe('results.jsonl', () => {
  it('round-trips records, NaN included, and cuts a partial last line', () => {
    const text = recordLine(recordOf(0)) + recordLine(recordOf(1));
    const partial = `${text}{"id":2,"key":"2:sh`;
    const read = readResults(partial);
    expect(read.records).toHaveLength(2);
    expect(read.records[0]).toEqual(recordOf(0));
    expect(read.records[0].pathRatio).toBeNaN();
    expect(read.completeLength).toBe(text.length);
    expect(read.problems).toEqual([]);
    expect(pendingRuns(runs, read.records).map((r) => r.id)).toEqual(runs.slice(2).map((r) => r.id));
  });

  it('reads a line from before unsolved runs had no cost without its cost, and names its cost model', () => {
    // Such a line carried the cost of agents waiting at their starts until the turn limit.
    const { arrived: _arrived, costModel: _model, ...old } = { ...recordOf(0), status: 'timeout' as const, sumOfCosts: 200, makespan: 100 };
    const [read] = readResults(JSON.stringify(old) + '\n', 'rest').records;
    expect(read.sumOfCosts).toBeNaN();
    expect(read.makespan).toBeNaN();
    expect(read.arrived).toBeNaN();
    expect(read.costModel).toBe('rest');
    const [solved] = readResults(JSON.stringify({ ...old, status: 'solved' }) + '\n').records;
    expect([solved.sumOfCosts, solved.makespan, solved.costModel]).toEqual([200, 100, 'away']);
  });

  it('keeps the later of two lines for one run, and retries errors only when asked', () => {
    const failed = { ...recordOf(1), status: 'error' as const, message: 'crashed' };
    const read = readResults(recordLine(recordOf(0)) + recordLine(failed) + recordLine(recordOf(2)));
    expect(pendingRuns(runs, read.records).map((r) => r.id)).toEqual(runs.slice(3).map((r) => r.id));
    expect(pendingRuns(runs, read.records, true).map((r) => r.id)).toEqual([1, ...runs.slice(3).map((r) => r.id)]);
    const again = readResults(recordLine(recordOf(0)) + recordLine(failed) + recordLine(recordOf(2)) + recordLine(recordOf(1)));
    expect(again.records.map((r) => [r.id, r.status])).toEqual([[0, 'solved'], [2, 'solved'], [1, 'solved']]);
  });

  it('skips a complete line that is not a record, saying which', () => {
    const read = readResults(`${recordLine(recordOf(0))}garbage\n{"id":1}\n\n`);
    expect(read.records).toHaveLength(1);
    expect(read.problems[0]).toBe('line 2: not JSON');
    expect(read.problems[1]).toMatch(/^line 3: not a run record \(key: Invalid input: expected string, received undefined; map: .*; \d+ more\)$/);
    expect(readResults('')).toEqual({ records: [], completeLength: 0, problems: [] });
  });
});

describe('shards and merge', () => {
  it('splits the sweep by whole instances (every Nth), together covering it exactly once', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    for (const bad of ['0/3', '4/3', '1/0', 'a/b', '2']) expect(() => parseShard(bad)).toThrow(/a shard is I\/N with 1 <= I <= N/);
    // 3 maps x 2 agent counts = 6 instances, 2 solvers each: runs 2k and 2k + 1 are instance k.
    const shards = [1, 2, 3].map((index) => shardRuns(runs, { index, count: 3 }));
    expect(shards[1].map((r) => r.id)).toEqual([2, 3, 8, 9]);
    for (const shard of shards) {
      // Every solver of an instance lands in the same shard, so each shard runs both solvers.
      expect(new Set(shard.map((r) => r.solver))).toEqual(new Set(['independent', 'hca']));
      for (const run of shard) expect(shard.filter((r) => r.instanceKey === run.instanceKey)).toHaveLength(2);
    }
    expect(shards.flat().map((r) => r.id).sort((a, b) => a - b)).toEqual(runs.map((r) => r.id));
  });

  it('merges on run keys, first seen wins, in run order', () => {
    const merged = mergeRecords([[recordOf(3), recordOf(0)], [recordOf(1), { ...recordOf(3), message: 'again' }]]);
    expect(merged.records.map((r) => r.id)).toEqual([0, 1, 3]);
    expect(merged.records[2].message).toBe('x');
    expect(merged.duplicates).toBe(1);
  });

  it('keeps a measured record over an error record of the same run, whichever set comes first', () => {
    // One shard's run crashed, another machine measured it: the measurement is the result.
    const failed = { ...recordOf(1), status: 'error' as const, message: 'crashed' };
    const timedOut = { ...recordOf(2), status: 'timeout' as const, message: 'time limit' };
    const failedToo = { ...recordOf(2), status: 'error' as const, message: 'hung' };
    for (const sets of [[[failed, failedToo], [recordOf(1), timedOut]], [[recordOf(1), timedOut], [failed, failedToo]]]) {
      const merged = mergeRecords(sets);
      expect(merged.records.map((r) => [r.id, r.status, r.message])).toEqual([[1, 'solved', 'x'], [2, 'timeout', 'time limit']]);
      expect(merged.duplicates).toBe(2);
    }
    // Two error records: the first seen still wins, as between two measured ones.
    expect(mergeRecords([[failed], [{ ...failed, message: 'again' }]]).records[0].message).toBe('crashed');
  });

  it('fingerprints the parsed definition: key order and spelled-out defaults do not matter, content does', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: 3 } })).toBe('{"a":{"c":3,"d":[2,{"e":0,"f":1}]},"b":1}');
    const hash = experimentHash(parseExperiment(definition));
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    const reordered = Object.fromEntries(Object.entries({ ...definition, repeats: 1 }).reverse());
    expect(experimentHash(parseExperiment(reordered))).toBe(hash);
    expect(experimentHash(parseExperiment({ ...definition, agents: [1, 3] }))).not.toBe(hash);
  });

  it('gives the fingerprints it gave before canonicalJson shared sortKeys (results folders on disk carry them)', () => {
    // Computed with the earlier JSON.stringify-replacer canonicalJson; a change here orphans every stored results folder.
    // Those folders were planned when 'away' was the default: it is spelled out here, as their
    // experiment.json (the parsed definition) has it. Under today's default the same file is a different experiment.
    expect(experimentHash(parseExperiment({ ...definition, costModel: 'away' }))).toBe('b4267d93bba7e4c0');
    expect(experimentHash(parseExperiment(definition))).not.toBe('b4267d93bba7e4c0');
    // Integer-like keys (JavaScript lists them first), undefined dropped, -0, an exponent, a U+2028.
    const odd = { z: [1, { b: null, a: undefined, 10: 'ten', 2: 'two' }], y: { x: { w: 'é\u2028"' } }, n: -0, f: 1.5e-7, u: undefined };
    expect(canonicalJson(odd)).toBe('{"f":1.5e-7,"n":0,"y":{"x":{"w":"é\u2028\\""}},"z":[1,{"2":"two","10":"ten","b":null}]}');
    expect(experimentHash(odd)).toBe('3ae092d5d9dee95f');
  });
});
