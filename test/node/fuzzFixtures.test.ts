/**
 * The inputs the audit's fuzzer found, kept as fixtures: each one is either
 * refused with an error that says where, or opens, saves and opens again. Before the schemas
 * bounded what the engine carries, each one of these failed (an unlocated RangeError, a stack
 * overflow on save, a file saved with null, a priority wrapped on the wire, every solve failing).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, writeScenario } from '../../core/formats/movingAiScenario.ts';
import { parseReplayFile } from '../../core/replayFile/replayFile.ts';
import { parseScenarioJson } from '../../core/scenario/parse.ts';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/fuzz/${name}`, import.meta.url), 'utf8');

describe('fuzz-found inputs', () => {
  it.each([
    ['scenario-row-9000-wide.json', /:\d+:\d+: map\.rows\[0\]: .*<=8192 characters/],
    ['scenario-params-nested-5000.json', /:2:\d+: solver\.params: must nest objects and arrays at most 32 levels deep/],
    ['scenario-weight-1e39.json', /:\d+:\d+: map\.weights\[0\]\[3\]: Too big/],
    ['scenario-priority-2pow31.json', /:\d+:\d+: agents\[0\]\.priority: Too big: expected number to be <=2147483647/],
    ['scenario-speed-70000.json', /:\d+:\d+: agents\[0\]\.speed: Too big: expected number to be <=65535/],
  ])('refuses %s, saying where', (name, message) => {
    expect(() => parseScenarioJson(fixture(name), name)).toThrow(message);
  });

  it('reads back a .scen optimal length written with an exponent', () => {
    const text = fixture('scen-optimal-1.2e24.scen');
    const read = parseScenario(text, 'x.scen');
    expect(read.entries[0].optimalLength).toBe(1.2e24);
    expect(writeScenario(read)).toBe(text);
    expect(parseScenario(writeScenario({ ...read, entries: [{ ...read.entries[0], optimalText: '' }] })).entries[0].optimalLength).toBe(1.2e24);
  });

  it('refuses a replay file with params nested 5,000 deep, naming the field', () => {
    expect(() => parseReplayFile(fixture('replay-params-nested-5000.json'), 'r.json')).toThrow(/r\.json: solver\.params: must nest objects and arrays at most 32 levels deep/);
  });
});
