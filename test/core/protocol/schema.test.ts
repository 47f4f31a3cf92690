import { describe, expect, it } from 'vitest';
import { chokepointExample } from '../../../core/examples/chokepoint.ts';
import { PROTOCOL_VERSION } from '../../../core/protocol/messages.ts';
import { parseFromSolverMessage, parseSolveRequestBody, parseToSolverMessage, solveRequestBodySchema } from '../../../core/protocol/schema.ts';
import { encodeInstance, encodePaths } from '../../../core/protocol/wire.ts';
import { encodeTurnEvents } from '../../../core/protocol/turnEventWire.ts';

const body = () => ({ solver: 'independent', instance: encodeInstance(chokepointExample()), seed: 7, timeLimitMs: 500, params: { w: 1.5 } });

describe('solve request body schema', () => {
  it('accepts a well-formed body and keeps its typed arrays', () => {
    const input = body();
    const parsed = solveRequestBodySchema.parse(input);
    expect(parsed.instance.passable).toBe(input.instance.passable);
    expect(parseSolveRequestBody({ solver: 'x', instance: input.instance }).ok).toBe(true);
  });

  it('names each field at fault', () => {
    const input = body();
    const bad = {
      ...input,
      timeLimitMs: 0,
      instance: { ...input.instance, starts: [1, 2], passable: new Uint8Array(5), connectivity: 6 },
    };
    const result = parseSolveRequestBody(bad);
    expect(result.ok).toBe(false);
    const message = result.ok ? '' : result.message;
    expect(message).toContain('request body.instance.starts: must be an Int32Array');
    expect(message).toContain('request body.instance.connectivity: must be 4 or 8');
    expect(message).toContain('request body.timeLimitMs:');
  });

  it('checks array lengths against the map size and agent count', () => {
    const input = body();
    const result = parseSolveRequestBody({ ...input, instance: { ...input.instance, passable: new Uint8Array(5), goals: new Int32Array(1) } });
    const message = result.ok ? '' : result.message;
    expect(message).toContain('request body.instance.passable: has 5 cells, expected 11x7 = 77');
    expect(message).toContain('request body.instance.goals: has 1 agents but starts has 4');
  });

  it('rejects a missing solver name and a wrong wire version', () => {
    const input = body();
    const result = parseSolveRequestBody({ ...input, solver: '', instance: { ...input.instance, version: 5 } });
    const message = result.ok ? '' : result.message;
    expect(message).toContain('request body.solver: must name a solver');
    expect(message).toContain('request body.instance.version: must be 1, 2, 3 or 4');
  });

  it('accepts version-2 attributes and events, and names each field at fault', () => {
    const instance = chokepointExample();
    instance.agents[0].size = 2;
    const wire = encodeInstance(instance, [{ t: 3, action: 'close', cells: [5] }]);
    expect(parseSolveRequestBody({ solver: 'whca', instance: wire }).ok).toBe(true);
    // Types first (zod checks lengths and ranges only once every field has its type) …
    const badTypes = { ...wire, priorities: [0, 0, 0, 0], events: [{ t: 2.5, action: 'close', cells: new Int32Array([5]) }, { t: 4, action: 'shut', cells: new Int32Array([3]) }] };
    const result = parseSolveRequestBody({ solver: 'whca', instance: badTypes });
    const message = result.ok ? '' : result.message;
    expect(message).toContain('request body.instance.priorities: must be an Int32Array or null');
    expect(message).toContain('request body.instance.events.0.t: must be a whole turn');
    expect(message).toContain("request body.instance.events.1.action: must be 'close' or 'open'");
    // … then lengths and ranges.
    const badValues = parseSolveRequestBody({ solver: 'whca', instance: { ...wire, sizes: new Uint8Array([1, 0, 1, 1]), speeds: new Uint16Array([1, 1]) } });
    expect(badValues.ok ? '' : badValues.message).toContain('request body.instance.sizes.1: is 0, must be at least 1');
    expect(badValues.ok ? '' : badValues.message).toContain('request body.instance.speeds: has 2 entries, expected one per agent (4)');
    const cells = parseSolveRequestBody({ solver: 'whca', instance: { ...wire, events: [{ t: 4, action: 'open', cells: new Int32Array([3, 77]) }] } });
    expect(cells.ok ? '' : cells.message).toContain('request body.instance.events.0.cells.1: cell 77 is outside the 11x7 map');
    const v1 = parseSolveRequestBody({ solver: 'whca', instance: { ...wire, version: 1 } });
    expect(v1.ok ? '' : v1.message).toContain('request body.instance.sizes: needs instance version 2');
    expect(v1.ok ? '' : v1.message).toContain('request body.instance.events: needs instance version 2');
  });
});

describe('protocol message parsing', () => {
  it('reads requests and cancels', () => {
    const request = parseToSolverMessage({ v: PROTOCOL_VERSION, type: 'request', id: 'a', body: body() });
    expect(request.ok && request.message.type).toBe('request');
    const cancel = parseToSolverMessage({ v: PROTOCOL_VERSION, type: 'cancel', id: 'a' });
    expect(cancel.ok && cancel.message.type).toBe('cancel');
  });

  it('says what is wrong with a message, keeping its id for the reply', () => {
    expect(parseToSolverMessage('hello')).toMatchObject({ ok: false, id: null, message: "a protocol message must be an object, got string 'hello'" });
    expect(parseToSolverMessage(null)).toMatchObject({ ok: false, id: null, message: 'a protocol message must be an object, got null' });
    expect(parseToSolverMessage({ type: 'request', id: 'q' })).toMatchObject({ ok: false, id: 'q', message: expect.stringContaining("no protocol version 'v'") });
    expect(parseToSolverMessage({ v: PROTOCOL_VERSION, type: 'launch', id: 'q' })).toMatchObject({
      ok: false,
      id: 'q',
      message: "unknown message type 'launch' for the solver process (expected request, cancel)",
    });
    expect(parseToSolverMessage({ v: PROTOCOL_VERSION, type: 'result', id: 'q' })).toMatchObject({ ok: false, message: expect.stringContaining("unknown message type 'result'") });
    const noBody = parseToSolverMessage({ v: PROTOCOL_VERSION, type: 'request', id: 'q' });
    expect(noBody).toMatchObject({ ok: false, id: 'q', name: 'ProtocolError', message: expect.stringContaining("malformed 'request' message: message.body:") });
    const noId = parseToSolverMessage({ v: PROTOCOL_VERSION, type: 'cancel', id: 4 });
    expect(noId).toMatchObject({ ok: false, id: null, message: expect.stringContaining('message.id:') });
  });

  it('reports a protocol version mismatch naming both versions', () => {
    expect(parseToSolverMessage({ v: 99, type: 'request', id: 'q', body: body() })).toEqual({
      ok: false,
      id: 'q',
      name: 'ProtocolVersionError',
      message: `protocol version 99 is not supported (this side speaks version ${PROTOCOL_VERSION})`,
    });
  });

  it('reads the solver side, checking result paths and progress', () => {
    const result = { v: PROTOCOL_VERSION, type: 'result', id: 'a', body: { solver: 's', status: 'solved', paths: encodePaths([[0, 1]]), stats: { expanded: 1, generated: 1, elapsedMs: 0.5 } } };
    expect(parseFromSolverMessage(result).ok).toBe(true);
    const badStatus = parseFromSolverMessage({ ...result, body: { ...result.body, status: 'won' } });
    expect(badStatus).toMatchObject({ ok: false, message: expect.stringContaining('message.body.status:') });
    const badPaths = parseFromSolverMessage({ ...result, body: { ...result.body, paths: { ...result.body.paths, offsets: Int32Array.of(0, 5) } } });
    expect(badPaths).toMatchObject({ ok: false, message: expect.stringContaining('message.body.paths.offsets.1: offset 5 is out of order or past the 2 cells') });
    expect(parseFromSolverMessage({ v: PROTOCOL_VERSION, type: 'progress', id: 'a', progress: { fraction: 2, message: 'x' } })).toMatchObject({
      ok: false,
      message: expect.stringContaining('message.progress.fraction:'),
    });
    expect(parseFromSolverMessage({ v: PROTOCOL_VERSION, type: 'request', id: 'a' })).toMatchObject({ ok: false, message: expect.stringContaining("unknown message type 'request' for the solver client") });
  });
});

describe('solve result replay', () => {
  const replay = () => ({
    format: 'mapf-lab/replay',
    version: 1,
    width: 3,
    height: 1,
    agents: 1,
    turns: 2,
    positions: new Int32Array([0, 1, 2]),
    events: encodeTurnEvents([{ kind: 'map-change', t: 1, agent: -1, cell: 2, detail: 'opened' }, { kind: 'arrival', t: 2, agent: 0, cell: 2 }]),
    mapChanges: [{ t: 1, cells: [2], passable: true }],
  });
  const result = (extra: object) => ({
    v: PROTOCOL_VERSION,
    type: 'result',
    id: 'r',
    body: { solver: 'whca', status: 'solved', paths: encodePaths([[0, 1, 2]]), stats: { expanded: 1, generated: 1, elapsedMs: 1 }, ...extra },
  });

  it('carries a replay, and a result without one stays valid', () => {
    const withReplay = parseFromSolverMessage(result({ replay: replay() }));
    expect(withReplay.ok && withReplay.message.type === 'result' && 'replay' in withReplay.message.body && withReplay.message.body.replay?.positions).toEqual(new Int32Array([0, 1, 2]));
    expect(parseFromSolverMessage(result({})).ok).toBe(true);
  });

  it('names what is wrong with a replay', () => {
    const short = parseFromSolverMessage(result({ replay: { ...replay(), positions: new Int32Array(2) } }));
    expect(short.ok ? '' : short.message).toContain('message.body.replay.positions: has 2 entries, expected (turns + 1) * agents = 3');
    const newer = parseFromSolverMessage(result({ replay: { ...replay(), version: 2, positions: [0, 1, 2] } }));
    expect(newer.ok ? '' : newer.message).toContain('message.body.replay.version: must be 1');
    expect(newer.ok ? '' : newer.message).toContain('message.body.replay.positions: must be an Int32Array');
  });
});
