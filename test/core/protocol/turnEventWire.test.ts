/**
 * The turn events' wire (columns of typed arrays): a round trip gives the events back, a
 * malformed column is refused with its field and index, and a result's big arrays are moved,
 * not copied, from the solver process (transfer.ts).
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import type { TurnEvent } from '../../../core/contract/controller.ts';
import { findSolver } from '../../../core/registry/registry.ts';
import { SolverClient } from '../../../core/protocol/client.ts';
import { createPortPair, memorySpawner } from '../../../core/protocol/memoryPort.ts';
import { PROTOCOL_VERSION, type SolveResultBody } from '../../../core/protocol/messages.ts';
import { parseFromSolverMessage } from '../../../core/protocol/schema.ts';
import { resultTransfer } from '../../../core/protocol/transfer.ts';
import { NO_CELL, decodeReplay, decodeTurnEvents, encodeReplay, encodeTurnEvents, turnEventAt, turnEventsProblem, type WireTurnEvents } from '../../../core/protocol/turnEventWire.ts';
import { decodePaths, encodeInstance, encodePaths } from '../../../core/protocol/wire.ts';

const HAND_MADE: TurnEvent[] = [
  { kind: 'map-change', t: 1, agent: -1, cell: 7, detail: 'closed' },
  { kind: 'wait', t: 1, agent: 0, cell: 3 },
  { kind: 'priority-override', t: 2, agent: 1, others: [0, 2] },
  { kind: 'collision', t: 2, agent: 2, others: [1], cell: -1, detail: 'vertex' },
  { kind: 'replan', t: 3, agent: 0, detail: 'blocked' },
  { kind: 'wait', t: 4, agent: 2, cell: 0, detail: 'blocked' },
  { kind: 'arrival', t: 5, agent: 1, cell: 9 },
];

function resultMessage(events: WireTurnEvents) {
  const body: SolveResultBody = {
    solver: 'whca', status: 'solved', paths: encodePaths([[0, 1, 2]]), stats: { expanded: 1, generated: 1, elapsedMs: 1 },
    replay: { format: 'mapf-lab/replay', version: 1, width: 3, height: 1, agents: 1, turns: 2, positions: new Int32Array([0, 1, 2]), events, mapChanges: [] },
  };
  return { v: PROTOCOL_VERSION, type: 'result', id: 'r', body };
}

const refusal = (events: WireTurnEvents): string => {
  const parsed = parseFromSolverMessage(resultMessage(events));
  return parsed.ok ? 'accepted' : parsed.message;
};

describe('turn events as columns', () => {
  it('gives back every field of every event, through a structured clone too', () => {
    const wire = encodeTurnEvents(HAND_MADE);
    expect(decodeTurnEvents(wire)).toEqual(HAND_MADE);
    expect(decodeTurnEvents(structuredClone(wire))).toEqual(HAND_MADE);
    // A cell of -1 (ABSENT) is a cell, not "none"; the detail texts are stored once each.
    expect(wire.cell[3]).toBe(-1);
    expect(wire.cell[2]).toBe(NO_CELL);
    expect(wire.details).toEqual(['closed', 'vertex', 'blocked']);
    expect(turnEventAt(wire, 2)).toEqual(HAND_MADE[2]);
    expect(decodeTurnEvents(wire, 2, 4)).toEqual(HAND_MADE.slice(2, 4));
    expect(turnEventsProblem(wire)).toBeNull();
  });

  it("round-trips a simulator's replay (WHCA* at a door that closes), the plan windows and map changes untouched", () => {
    const grid = Grid.fromAscii(['.........', '.........', '.........']);
    const instance: MapfInstance = { grid, movement: { connectivity: 4, corners: 'no-cut' }, agents: [{ start: grid.cell(0, 1), goal: grid.cell(8, 1) }, { start: grid.cell(8, 1), goal: grid.cell(0, 1) }] };
    const result = findSolver('whca')!.solve(instance, { mapEvents: [{ t: 3, cells: [grid.cell(4, 1)], passable: false }], params: { window: 8 } });
    const replay = result.replay!;
    expect(replay.events.some((e) => e.kind === 'map-change')).toBe(true);
    const back = decodeReplay(structuredClone(encodeReplay(replay)));
    expect(back.events).toEqual(replay.events.map((e) => (e.others?.length === 0 ? { ...e, others: undefined } : e)).map((e) => JSON.parse(JSON.stringify(e))));
    expect(back.positions).toEqual(replay.positions);
    expect(back.mapChanges).toEqual(replay.mapChanges);
  });

  it('refuses an unknown kind by name (field and index), and an event of unknown kind is not encoded', () => {
    const wire = encodeTurnEvents(HAND_MADE);
    wire.kind[4] = 42;
    expect(refusal(wire)).toContain('message.body.replay.events.kind.4: is 42, not a turn event kind (0..6)');
    expect(() => encodeTurnEvents([{ kind: 'teleport' as TurnEvent['kind'], t: 0, agent: 0 }])).toThrow(/turn event 1: unknown kind 'teleport'/);
  });

  it('names columns of the wrong type or length, offsets out of order and detail indexes with no text', () => {
    const good = () => encodeTurnEvents(HAND_MADE);
    expect(refusal(good())).toBe('accepted');
    expect(refusal({ ...good(), agent: Array.from(good().agent) as unknown as Int32Array })).toContain('message.body.replay.events.agent: must be an Int32Array');
    expect(refusal({ ...good(), t: new Int32Array(3) })).toContain('message.body.replay.events.t: has 3 entries, expected one per event (7, as kind has)');
    const backwards = good();
    backwards.othersStart[4] = 1;
    expect(refusal(backwards)).toContain('message.body.replay.events.othersStart.4: is 1, before the previous entry (2)');
    const noText = good();
    noText.detail[1] = 5;
    expect(refusal(noText)).toContain('message.body.replay.events.detail.1: is 5, not one of the 3 detail texts');
    const negative = good();
    negative.t[6] = -1;
    expect(refusal(negative)).toContain('message.body.replay.events.t.6: is -1, must be a turn >= 0');
    expect(refusal({ ...good(), version: 2 as 1 })).toContain('message.body.replay.events.version: must be 1');
  });
});

describe("a result's big arrays are moved, not copied", () => {
  it('lists each buffer once, and leaves out views on part of a buffer', () => {
    const body = resultMessage(encodeTurnEvents(HAND_MADE)).body;
    const buffers = resultTransfer(body);
    expect(buffers).toContain(body.paths.cells.buffer);
    expect(buffers).toContain(body.replay!.positions.buffer);
    expect(buffers).toContain(body.replay!.events.kind.buffer);
    expect(new Set(buffers).size).toBe(buffers.length);
    const shared = new Int32Array(10);
    expect(resultTransfer({ ...body, replay: { ...body.replay!, positions: shared.subarray(0, 3) } })).not.toContain(shared.buffer);
  });

  it('empties the sender\'s arrays when moved over a port, the receiver reads them whole', async () => {
    const [a, b] = createPortPair();
    const body = resultMessage(encodeTurnEvents(HAND_MADE)).body;
    const received = new Promise<SolveResultBody>((resolve) => b.onMessage((m) => resolve(m as SolveResultBody)));
    a.postMessage(body, resultTransfer(body));
    expect(body.replay!.events.kind.length).toBe(0);
    expect(decodeTurnEvents((await received).replay!.events)).toEqual(HAND_MADE);
  });

  it('brings a PIBT result through the solver client with its events as columns the schema accepted', async () => {
    const grid = Grid.fromAscii(['......', '......', '......']);
    const instance: MapfInstance = { grid, movement: { connectivity: 4, corners: 'no-cut' }, agents: [{ start: grid.cell(0, 0), goal: grid.cell(5, 2) }, { start: grid.cell(5, 2), goal: grid.cell(0, 0) }, { start: grid.cell(0, 2), goal: grid.cell(5, 0) }] };
    const client = new SolverClient(memorySpawner().spawn);
    try {
      const result = await client.solve({ solver: 'pibt', instance: encodeInstance(instance) }).result;
      expect(result.status).toBe('solved');
      expect(result.replay!.events.kind).toBeInstanceOf(Uint8Array);
      const events = decodeTurnEvents(result.replay!.events);
      expect(events.filter((e) => e.kind === 'arrival').map((e) => e.agent).sort()).toEqual([0, 1, 2]);
      expect(decodePaths(result.paths)).toHaveLength(3);
    } finally {
      client.dispose();
    }
  });
});
