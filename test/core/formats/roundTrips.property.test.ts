/**
 * Everything a format's reader accepts saves and reopens as the same thing,
 * checked with fast-check over the scenario file, Moving AI .map and .scen, the replay file, the
 * results file and the solver wire: generated inputs up to each schema's bounds (the largest
 * weight, priorities at both ends of 32 bits, the slowest speed, any Unicode in names). Inputs a
 * reader refuses are fine (that is its job), but most generated ones must be accepted, so the
 * properties are not vacuous. The inputs the fuzzer found are kept as fixtures
 * (fuzzFixtures.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { Grid } from '../../../core/grid/grid.ts';
import { MAX_UNIT_PRIORITY, MAX_UNIT_SPEED, MIN_UNIT_PRIORITY } from '../../../core/mapf/instance.ts';
import { anyText, scenarioInput } from './scenarioArbitrary.ts';
import { parseMap, writeMap } from '../../../core/formats/movingAiMap.ts';
import { parseScenario, writeScenario } from '../../../core/formats/movingAiScenario.ts';
import { parseScenarioJson } from '../../../core/scenario/parse.ts';
import { serializeScenario } from '../../../core/scenario/serialize.ts';
import { parseReplayFile, serializeReplayFile } from '../../../core/replayFile/replayFile.ts';
import { readResults, recordLine } from '../../../core/experiments/results.ts';
import { RECORD_COLUMNS, type RunRecord } from '../../../core/experiments/runRecord.ts';
import { decodeInstance, encodeInstance } from '../../../core/protocol/wire.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';

const RUNS = { numRuns: 150, seed: 17 };

/** Counts accepted inputs, so a property that refuses everything fails. */
function acceptance() {
  let tried = 0;
  let accepted = 0;
  return {
    tried: () => tried++,
    accepted: () => accepted++,
    check: (least: number) => expect(accepted / tried, `${accepted} of ${tried} accepted`).toBeGreaterThanOrEqual(least),
  };
}

describe('round trips: everything a reader accepts saves and reopens the same', () => {
  it('scenario files (JSON), up to the schema bounds', () => {
    const seen = acceptance();
    fc.assert(
      fc.property(scenarioInput, (input) => {
        seen.tried();
        let first;
        try {
          first = parseScenarioJson(JSON.stringify(input), 'fuzz.json');
        } catch {
          return; // refused with a located error: the reader's job
        }
        seen.accepted();
        const text = serializeScenario(first);
        const again = parseScenarioJson(text, 'fuzz.json');
        expect(again).toEqual(first);
        expect(serializeScenario(again)).toBe(text);
      }),
      RUNS,
    );
    seen.check(0.5);
  });

  it('Moving AI .map files, byte for byte', () => {
    const mapText = fc
      .record({ width: fc.integer({ min: 1, max: 12 }), height: fc.integer({ min: 1, max: 12 }) })
      .chain(({ width, height }) =>
        fc
          .array(fc.array(fc.constantFrom('.', 'G', 'S', '@', 'O', 'T', 'W'), { minLength: width, maxLength: width }), { minLength: height, maxLength: height })
          .map((rows) => `type octile\nheight ${height}\nwidth ${width}\nmap\n${rows.map((r) => r.join('')).join('\n')}\n`),
      );
    fc.assert(
      fc.property(mapText, (text) => {
        const map = parseMap(text, 'fuzz.map');
        expect(writeMap(map)).toBe(text);
        expect(writeMap(parseMap(writeMap(map), 'fuzz.map'))).toBe(text);
      }),
      RUNS,
    );
  });

  it('Moving AI .scen files: any optimal length written is read back (no exponent its reader refuses)', () => {
    const entry = fc.record({
      bucket: fc.nat(10_000),
      map: fc.stringMatching(/^[A-Za-z0-9_.-]{1,12}$/),
      mapWidth: fc.integer({ min: 1, max: 8192 }),
      mapHeight: fc.integer({ min: 1, max: 8192 }),
      optimalLength: fc.oneof(fc.double({ min: 0, max: Number.MAX_VALUE, noNaN: true }), fc.constantFrom(0, 1.2e24, 1e21, 5e-324, Number.MAX_VALUE)),
    });
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 5 }), (entries) => {
        const scenario = {
          version: '1',
          lineBreak: '\n' as const,
          finalNewline: true,
          entries: entries.map((e) => ({ ...e, startX: 0, startY: 0, goalX: e.mapWidth - 1, goalY: e.mapHeight - 1, optimalText: '', line: 0, columns: [] })),
        };
        const text = writeScenario(scenario);
        const read = parseScenario(text, 'fuzz.scen');
        expect(writeScenario(read)).toBe(text);
        read.entries.forEach((e, i) => {
          const wanted = entries[i].optimalLength;
          // Written with 8 decimals: equal to within half of the last one (or to the double's own precision).
          expect(Math.abs(e.optimalLength - wanted)).toBeLessThanOrEqual(Math.max(5e-9, Math.abs(wanted) * 1e-15));
        });
      }),
      RUNS,
    );
  });

  it('replay files', () => {
    const replay = scenarioInput.chain((input) =>
      fc.record({ turns: fc.nat(4), status: fc.constantFrom('solved', 'timeout', 'failed'), cost: fc.option(fc.nat(1000), { nil: null }) }).map(({ turns, status, cost }) => {
        const rows: string[] = input.map.rows;
        const units = input.agents.map((a) => ({ ...a, name: a.name ?? a.id, colour: a.colour ?? '#123456', priority: a.priority ?? 0, size: 1, speed: a.speed ?? 1 }));
        const positions = Array.from({ length: turns + 1 }, () => units.flatMap((u) => [...u.start]));
        return {
          format: 'mapf-lab/replay-file', version: 1, name: input.name, map: input.map, width: rows[0].length, height: rows.length,
          connectivity: input.connectivity, corners: input.corners, units, turns, positions, events: [], mapChanges: [], mapEvents: input.events,
          solver: { name: input.solver.solver, status, seed: input.solver.seed, params: input.solver.params },
          metrics: { sumOfCosts: cost, costModel: 'rest', makespan: cost, stats: { expanded: 3 } },
        };
      }),
    );
    const seen = acceptance();
    fc.assert(
      fc.property(replay, (file) => {
        seen.tried();
        let first;
        try {
          first = parseReplayFile(JSON.stringify(file), 'fuzz.replay.json');
        } catch {
          return;
        }
        seen.accepted();
        const text = serializeReplayFile(first);
        expect(parseReplayFile(text, 'fuzz.replay.json')).toEqual(first);
      }),
      RUNS,
    );
    seen.check(0.5);
  });

  it('results files: every record, NaN figures included, reads back as written', () => {
    const TEXT: Partial<Record<keyof RunRecord, fc.Arbitrary<unknown>>> = {
      key: anyText(10).filter((s) => s.length > 0),
      map: anyText(10),
      solver: anyText(8),
      label: anyText(8),
      message: anyText(20),
      status: fc.constantFrom('solved', 'timeout', 'unsolvable', 'cancelled', 'failed', 'error'),
      costModel: fc.constantFrom('rest', 'away'),
    };
    const figure = fc.oneof(fc.double({ noDefaultInfinity: true }), fc.constant(Number.NaN), fc.integer());
    // A run that did not solve has no cost (the runner writes none, and the reader drops any).
    const record = (fc.record(Object.fromEntries(RECORD_COLUMNS.map((c) => [c, TEXT[c] ?? figure]))) as fc.Arbitrary<RunRecord>).map((r) =>
      r.status === 'solved' ? r : { ...r, sumOfCosts: Number.NaN, makespan: Number.NaN },
    );
    fc.assert(
      fc.property(fc.array(record, { maxLength: 4 }), (records) => {
        const unique = [...new Map(records.map((r) => [r.key, r])).values()];
        const read = readResults(unique.map(recordLine).join(''), 'rest');
        expect(read.problems).toEqual([]);
        // -0 is written as 0 by JSON; it is the same figure.
        expect(read.records).toEqual(unique.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Object.is(v, -0) ? 0 : v]))));
      }),
      RUNS,
    );
  });

  it('the solver wire carries every priority and speed a scenario accepts', () => {
    const grid = new Grid(4, 1);
    fc.assert(
      fc.property(fc.integer({ min: MIN_UNIT_PRIORITY, max: MAX_UNIT_PRIORITY }), fc.integer({ min: 1, max: MAX_UNIT_SPEED }), (priority, speed) => {
        const instance = { grid, movement: FOUR_CONNECTED, agents: [{ start: 0, goal: 3, priority, speed }, { start: 1, goal: 2 }] };
        const back = decodeInstance(encodeInstance(instance));
        // The wire leaves out the defaults (priority 0, speed 1).
        expect(back.agents[0].priority ?? 0).toBe(priority);
        expect(back.agents[0].speed ?? 1).toBe(speed);
      }),
      RUNS,
    );
  });

  it('experiment files', () => {
    const mapSpec = fc.oneof(
      fc.record({ kind: fc.constant('random'), width: fc.integer({ min: 1, max: 8192 }), height: fc.integer({ min: 1, max: 2048 }), density: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), seeds: fc.array(fc.integer(), { minLength: 1, maxLength: 3 }), fill: fc.boolean() }),
      fc.record({ kind: fc.constant('movingai'), name: anyText(8).filter((s) => s.length > 0), map: anyText(12).filter((s) => s.length > 0), scen: fc.array(anyText(12).filter((s) => s.length > 0), { maxLength: 2 }) }, { requiredKeys: ['kind', 'map'] }),
      fc.record({ kind: fc.constant('inline'), name: anyText(8).filter((s) => s.length > 0), rows: fc.array(fc.stringMatching(/^[.@T]{1,8}$/), { minLength: 1, maxLength: 4 }), agents: fc.array(fc.tuple(fc.nat(7), fc.nat(3), fc.nat(7), fc.nat(3)), { maxLength: 3 }) }, { requiredKeys: ['kind', 'name', 'rows'] }),
    );
    const experiment = fc.record(
      {
        format: fc.constant('mapf-lab/experiment'),
        version: fc.constant(1),
        name: anyText(12).filter((s) => s.length > 0),
        description: anyText(30),
        maps: fc.array(mapSpec, { minLength: 1, maxLength: 3 }),
        connectivity: fc.constantFrom(4, 8),
        corners: fc.constantFrom('no-cut', 'cut'),
        agents: fc.oneof(fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 4 }), fc.record({ min: fc.integer({ min: 1, max: 10 }), max: fc.integer({ min: 10, max: 100 }), instances: fc.integer({ min: 1, max: 50 }) })),
        placement: fc.constantFrom('auto', 'random', 'scenario'),
        solvers: fc.array(fc.record({ solver: fc.constantFrom('whca', 'cbs', 'lacam'), label: anyText(8).filter((s) => s.length > 0), params: fc.dictionary(anyText(6), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 2 }) }, { requiredKeys: ['solver'] }), { minLength: 1, maxLength: 3 }),
        repeats: fc.integer({ min: 1, max: 100 }),
        seed: fc.integer(),
        turnLimit: fc.integer({ min: 1, max: 10_000 }),
        timeLimitSeconds: fc.double({ min: 0.001, max: 1e6, noNaN: true }),
        costModel: fc.constantFrom('rest', 'away'),
      },
      { requiredKeys: ['format', 'version', 'name', 'maps', 'agents', 'solvers'] },
    );
    const seen = acceptance();
    fc.assert(
      fc.property(experiment, (input) => {
        seen.tried();
        let first;
        try {
          first = parseExperiment(JSON.parse(JSON.stringify(input)));
        } catch {
          return;
        }
        seen.accepted();
        expect(parseExperiment(JSON.parse(JSON.stringify(first)))).toEqual(first);
      }),
      RUNS,
    );
    seen.check(0.5);
  });
});
