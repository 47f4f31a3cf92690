/**
 * The controllers' plan windows in a solve result: sent inside the replay only when the request
 * asks for them (param recordPlans), typed arrays intact over the in-memory solver process, and
 * checked by the result schema (its own format version, consistent arrays, cells on the map).
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import { SolverClient } from '../../../core/protocol/client.ts';
import { memorySpawner } from '../../../core/protocol/memoryPort.ts';
import { PROTOCOL_VERSION } from '../../../core/protocol/messages.ts';
import { parseFromSolverMessage } from '../../../core/protocol/schema.ts';
import { encodeInstance, encodePaths } from '../../../core/protocol/wire.ts';
import { checkPlanWindows, PlanWindowRecorder } from '../../../core/contract/planWindows.ts';
import { encodeTurnEvents } from '../../../core/protocol/turnEventWire.ts';

const GAP = ['.......', '@@@.@@@', '.......'];

function gap(): MapfInstance {
  const grid = Grid.fromAscii(GAP);
  return { grid, movement: { connectivity: 4, corners: 'no-cut' }, agents: [{ start: grid.cell(0, 0), goal: grid.cell(6, 2) }, { start: grid.cell(6, 2), goal: grid.cell(0, 0) }] };
}

async function solve(solver: string, params: Record<string, unknown>) {
  const client = new SolverClient(memorySpawner().spawn);
  try {
    return await client.solve({ solver, instance: encodeInstance(gap()), seed: 1, timeLimitMs: 10_000, params }).result;
  } finally {
    client.dispose();
  }
}

describe('plan windows through the protocol', () => {
  it('WHCA* sends its windows when asked, as typed arrays the receiver can check', async () => {
    const result = await solve('whca', { window: 4, recordPlans: true });
    expect(result.status).toBe('solved');
    const windows = result.replay!.windows!;
    expect(windows.cells).toBeInstanceOf(Int32Array);
    expect(windows.offsets).toBeInstanceOf(Int32Array);
    checkPlanWindows(windows, 21);
    expect(windows.window).toBe(4);
    expect(new Set(windows.agent)).toEqual(new Set([0, 1]));
  });

  it('sends none unless asked, and refuses a recordPlans that is not a boolean', async () => {
    const plain = await solve('whca', { window: 4 });
    expect(plain.replay).toBeDefined();
    expect(plain.replay!.windows).toBeUndefined();
    const bad = await solve('whca', { recordPlans: 'yes' });
    expect(bad.status).toBe('failed');
    expect(bad.message).toMatch(/param recordPlans must be true or false, got yes/);
  });

  it('HCA* sends whole paths as its windows', async () => {
    const result = await solve('hca', { recordPlans: true });
    const windows = result.replay!.windows!;
    expect(windows.window).toBe(0);
    expect(windows.agent.length).toBe(2);
  });
});

describe('result schema for plan windows', () => {
  const windows = () => {
    const recorder = new PlanWindowRecorder(1, 2);
    recorder.plan(0, 0, Int32Array.from([0, 1, 2]), 3);
    return recorder.finish();
  };
  const result = (extra: object) => ({
    v: PROTOCOL_VERSION,
    type: 'result',
    id: 'r',
    body: {
      solver: 'whca',
      status: 'solved',
      paths: encodePaths([[0, 1, 2]]),
      stats: { expanded: 1, generated: 1, elapsedMs: 1 },
      replay: { format: 'mapf-lab/replay', version: 1, width: 3, height: 1, agents: 1, turns: 2, positions: new Int32Array([0, 1, 2]), events: encodeTurnEvents([]), mapChanges: [], ...extra },
    },
  });
  const message = (extra: object) => {
    const parsed = parseFromSolverMessage(result(extra));
    return parsed.ok ? '' : parsed.message;
  };

  it('keeps valid windows in the replay, typed arrays intact', () => {
    const parsed = parseFromSolverMessage(result({ windows: windows() }));
    expect(parsed.ok).toBe(true);
    const body = parsed.ok && parsed.message.type === 'result' && 'replay' in parsed.message.body ? parsed.message.body.replay : undefined;
    expect(body?.windows?.cells).toEqual(Int32Array.from([0, 1, 2]));
  });

  it('names a newer version, inconsistent arrays, a wrong agent count and cells off the map', () => {
    expect(message({ windows: { ...windows(), version: 2 } })).toContain('message.body.replay.windows.version: must be 1');
    expect(message({ windows: { ...windows(), offsets: Int32Array.from([0, 2]) } })).toContain('message.body.replay.windows: offsets must run from 0 to the 3 cells');
    expect(message({ windows: { ...windows(), agents: 2, agent: Int32Array.from([1]) } })).toContain('message.body.replay.windows.agents: is 2, the replay has 1 agents');
    expect(message({ windows: { ...windows(), cells: Int32Array.from([0, 1, 3]) } })).toContain('message.body.replay.windows.cells.2: cell 3 is outside the 3x1 map');
    expect(message({ windows: { ...windows(), cells: [0, 1, 2] } })).toContain('message.body.replay.windows.cells: must be an Int32Array');
    expect(message({ windows: { ...windows(), extra: Int32Array.from([-1, 2]) } })).toContain('message.body.replay.windows: extra has 2 entries, expected one per cell (3)');
    expect(message({ windows: { ...windows(), extra: Int32Array.from([-1, 5, -1]) } })).toContain('message.body.replay.windows.extra.1: cell 5 is outside the 3x1 map');
    expect(message({ windows: { ...windows(), extra: Int32Array.from([-1, 2, -1]) } })).toBe('');
  });
});
