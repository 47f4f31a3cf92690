/** fast-check arbitraries of scenario files up to the schema's bounds (the round-trip property tests share them). */
import fc from 'fast-check';
import { CELL_WEIGHT_LIMIT } from '../../../core/grid/grid.ts';
import { MAX_UNIT_PRIORITY, MAX_UNIT_SPEED, MIN_UNIT_PRIORITY } from '../../../core/mapf/instance.ts';

export const anyText = (max: number) => fc.string({ unit: 'binary', maxLength: max });
/** Up to the limit, with float32's largest both as a double (3.4028234663852886e38) and as the app writes it (3.4028235e38). */
const weight = fc.oneof(fc.constantFrom(1, 3.4028234663852886e38, 3.4028235e38), fc.double({ min: 1, max: CELL_WEIGHT_LIMIT, maxExcluded: true, noNaN: true }));

/** A scenario file's JSON value: an inline map with walls, units on free cells, weights, params, events. */
export const scenarioInput = fc
  .record({ width: fc.integer({ min: 1, max: 9 }), height: fc.integer({ min: 1, max: 9 }) })
  .chain(({ width, height }) =>
    fc.array(fc.array(fc.constantFrom('.', '.', '.', '@'), { minLength: width, maxLength: width }), { minLength: height, maxLength: height }).chain((cells) => {
      cells[0][0] = '.';
      const free: [number, number][] = [];
      cells.forEach((row, y) => row.forEach((c, x) => c === '.' && free.push([x, y])));
      const freeCell = fc.constantFrom(...free);
      const anyCell = fc.tuple(fc.integer({ min: 0, max: width - 1 }), fc.integer({ min: 0, max: height - 1 }));
      return fc.record({
        format: fc.constant('mapf-lab/scenario'),
        version: fc.constant(2),
        name: anyText(20).filter((s) => s.length > 0),
        map: fc.record(
          {
            kind: fc.constant('inline'),
            rows: fc.constant(cells.map((row) => row.join(''))),
            weights: fc.array(fc.array(weight, { minLength: width, maxLength: width }), { minLength: height, maxLength: height }),
          },
          { requiredKeys: ['kind', 'rows'] },
        ),
        connectivity: fc.constantFrom(4, 8),
        corners: fc.constantFrom('no-cut', 'cut'),
        agents: fc.uniqueArray(
          fc.record(
            {
              id: anyText(6).filter((s) => s.length > 0),
              name: anyText(12),
              colour: fc.stringMatching(/^#[0-9a-fA-F]{6}$/),
              start: freeCell,
              goal: freeCell,
              priority: fc.oneof(fc.constantFrom(MIN_UNIT_PRIORITY, MAX_UNIT_PRIORITY), fc.integer({ min: MIN_UNIT_PRIORITY, max: MAX_UNIT_PRIORITY })),
              speed: fc.oneof(fc.constant(MAX_UNIT_SPEED), fc.integer({ min: 1, max: MAX_UNIT_SPEED })),
            },
            { requiredKeys: ['id', 'start', 'goal'] },
          ),
          { selector: (a) => a.id, maxLength: 4 },
        ),
        solver: fc.record({
          solver: fc.constantFrom('independent', 'whca', 'cbs', 'lacam'),
          seed: fc.integer(),
          order: fc.constantFrom('given', 'random', 'priority', 'distance'),
          params: fc.dictionary(anyText(6), fc.jsonValue({ maxDepth: 4 }), { maxKeys: 3 }),
        }),
        events: fc.array(fc.record({ t: fc.nat(10_000), cells: fc.array(anyCell, { minLength: 1, maxLength: 3 }), action: fc.constantFrom('close', 'open') }), { maxLength: 2 }),
      });
    }),
  );
