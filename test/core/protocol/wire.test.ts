import { describe, expect, it } from 'vitest';
import { chokepointExample } from '../../../core/examples/chokepoint.ts';
import { Grid } from '../../../core/grid/grid.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import { decodeInstance, decodeMapEvents, decodePaths, encodeInstance, encodePaths, WireFormatError } from '../../../core/protocol/wire.ts';

// Two units in a corridor with a door at (3, 1); unit 0 is 2x2 … not here: attributes only.
const corridor = (): MapfInstance => {
  const grid = Grid.fromAscii(['@@@@@@@', '.......', '.......', '@@@@@@@']);
  return { grid, movement: { connectivity: 4, corners: 'no-cut' }, agents: [{ start: grid.cell(0, 1), goal: grid.cell(6, 1) }, { start: grid.cell(6, 2), goal: grid.cell(0, 2) }] };
};

describe('wire format', () => {
  it('round-trips an instance and paths through typed arrays', () => {
    const instance = chokepointExample();
    const wire = encodeInstance(instance);
    expect(wire.passable).toBeInstanceOf(Uint8Array);
    expect(wire.starts).toBeInstanceOf(Int32Array);
    const back = decodeInstance(structuredClone(wire));
    expect(back.grid.width).toBe(11);
    expect(back.agents).toEqual(instance.agents.map(({ start, goal }) => ({ start, goal })));
    const paths = [[1, 2, 3], [], [7]];
    expect(decodePaths(structuredClone(encodePaths(paths)))).toEqual(paths);
  });

  it('rejects another format or version, naming both versions', () => {
    const wire = encodeInstance(chokepointExample());
    expect(() => decodeInstance({ ...wire, version: 5 })).toThrow(WireFormatError);
    expect(() => decodeInstance({ ...wire, version: 5 })).toThrow('instance format version 5 is not supported (this build reads versions 1, 2, 3 and 4)');
    expect(() => decodeInstance({ ...wire, format: 'other' as 'mapf-lab/instance' })).toThrow('expected a mapf-lab/instance, got other');
    expect(() => decodeInstance({ ...wire, passable: new Uint8Array(3) })).toThrow('passable array must be a Uint8Array of 11x7 cells');
    const paths = encodePaths([[0]]);
    expect(() => decodePaths({ ...paths, version: 9 })).toThrow('paths format version 9 is not supported (this build reads version 1)');
  });

  it('writes version 1 when the instance has no attributes and no events', () => {
    const wire = encodeInstance(corridor());
    expect(wire.version).toBe(1);
    expect('sizes' in wire || 'events' in wire).toBe(false);
    expect(decodeMapEvents(wire)).toEqual([]);
    expect(decodeInstance(wire).agents[0]).toEqual({ start: 7, goal: 13 });
  });

  it('round-trips sizes, speeds, priorities and map events as version 2', () => {
    const instance = corridor();
    instance.agents[0].size = 2;
    instance.agents[1].speed = 3;
    instance.agents[1].priority = -4;
    const door = instance.grid.cell(3, 1);
    const wire = encodeInstance(instance, [{ t: 3, action: 'close', cells: [door] }, { t: 9, passable: true, cells: [door, door + 7] }]);
    expect(wire.version).toBe(2);
    expect(wire.sizes).toBeInstanceOf(Uint8Array);
    expect(wire.speeds).toBeInstanceOf(Uint16Array);
    expect(wire.priorities).toBeInstanceOf(Int32Array);
    expect(wire.events?.[0].cells).toBeInstanceOf(Int32Array);
    const cloned = structuredClone(wire);
    expect(decodeInstance(cloned).agents).toEqual([
      { start: 7, goal: 13, size: 2, speed: 1, priority: 0 },
      { start: 20, goal: 14, size: 1, speed: 3, priority: -4 },
    ]);
    expect(decodeMapEvents(cloned)).toEqual([
      { t: 3, cells: [door], passable: false },
      { t: 9, cells: [door, door + 7], passable: true },
    ]);
  });

  it('writes only the attribute arrays that differ from the defaults', () => {
    const instance = corridor();
    instance.agents[1].priority = 2;
    const wire = encodeInstance(instance);
    expect(wire).toMatchObject({ version: 2, sizes: null, speeds: null, events: [] });
    expect(decodeInstance(wire).agents[1]).toEqual({ start: 20, goal: 14, priority: 2 });
  });

  it('rejects malformed version-2 fields, naming the field', () => {
    const instance = corridor();
    instance.agents[0].size = 2;
    const wire = encodeInstance(instance, [{ t: 1, action: 'close', cells: [3] }]);
    expect(() => decodeInstance({ ...wire, sizes: new Uint8Array([2]) })).toThrow('instance sizes has 1 entries, expected one per agent (2)');
    expect(() => decodeInstance({ ...wire, sizes: new Uint8Array([2, 0]) })).toThrow('instance sizes[1] is 0, must be >= 1');
    expect(() => decodeInstance({ ...wire, speeds: new Int32Array([1, 1]) as unknown as Uint16Array })).toThrow('instance speeds must be a Uint16Array or null');
    expect(() => decodeInstance({ ...wire, version: 1 })).toThrow('instance version 1 cannot carry sizes, speeds, priorities or events');
    expect(() => decodeMapEvents({ ...wire, events: [{ t: 1, action: 'close', cells: new Int32Array([28]) }] })).toThrow('instance events[0].cells: cell 28 is outside the 7x4 map');
    expect(() => decodeMapEvents({ ...wire, events: [{ t: -1, action: 'close', cells: new Int32Array([3]) }] })).toThrow('instance events[0].t must be a whole number >= 0, got -1');
    expect(() => decodeMapEvents({ ...wire, events: [{ t: 1, action: 'shut' as 'close', cells: new Int32Array([3]) }] })).toThrow("instance events[0].action must be 'close' or 'open', got shut");
    instance.agents[0].size = 300;
    expect(() => encodeInstance(instance)).toThrow('agent 1: size 300 must be a whole number 1..255');
  });
});
