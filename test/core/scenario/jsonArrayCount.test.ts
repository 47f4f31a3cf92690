import { describe, expect, it } from 'vitest';
import { countTopLevelArray } from '../../../core/scenario/jsonArrayCount.ts';

describe('counting a top-level array in JSON text', () => {
  it('counts the root object\'s array, not a nested one of the same name', () => {
    const text = '{ "streams": { "agents": [1, 2, 3, 4] }, "agents" : [ {"a": [1, 2]}, "x,]", [3, {"y": "}"}] ] }';
    const found = countTopLevelArray(text, 'agents', 100);
    expect(found?.count).toBe(3);
    expect(text[found!.offset]).toBe('[');
    expect(text.slice(0, found!.offset)).toContain('"agents" :');
  });

  it('says 0 for an empty array and null where there is no such array', () => {
    expect(countTopLevelArray('{"agents": [ ]}', 'agents', 10)?.count).toBe(0);
    expect(countTopLevelArray('{"agents": 3}', 'agents', 10)).toBeNull();
    expect(countTopLevelArray('{"name": "agents"}', 'agents', 10)).toBeNull();
    expect(countTopLevelArray('[{"agents": [1]}]', 'agents', 10)).toBeNull();
  });

  it('stops one past the limit, whatever follows', () => {
    expect(countTopLevelArray(`{"agents": [${'0,'.repeat(5)}not json at all`, 'agents', 3)?.count).toBe(4);
    expect(countTopLevelArray('{"agents": [0, 1, 2]}', 'agents', 3)?.count).toBe(3);
  });

  it('reads escaped quotes inside strings', () => {
    expect(countTopLevelArray('{"a": "\\"agents\\": [", "agents": ["\\"", "b"]}', 'agents', 10)?.count).toBe(2);
  });
});
