import { describe, expect, it } from 'vitest';
import { chokepointExample } from '../../../core/examples/chokepoint.ts';
import { decodeInstance, decodePaths, encodeInstance, encodePaths, WireFormatError } from '../../../core/protocol/wire.ts';

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
    expect(() => decodeInstance({ ...wire, version: 2 })).toThrow(WireFormatError);
    expect(() => decodeInstance({ ...wire, version: 2 })).toThrow('instance format version 2 is not supported (this build reads version 1)');
    expect(() => decodeInstance({ ...wire, format: 'other' as 'mapf-lab/instance' })).toThrow('expected a mapf-lab/instance, got other');
    expect(() => decodeInstance({ ...wire, passable: new Uint8Array(3) })).toThrow('passable array must be a Uint8Array of 11x7 cells');
    const paths = encodePaths([[0]]);
    expect(() => decodePaths({ ...paths, version: 9 })).toThrow('paths format version 9 is not supported (this build reads version 1)');
  });
});
