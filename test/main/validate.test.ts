import { describe, expect, it } from 'vitest';
import { checkSolveRequest, checkTicket } from '../../main/ipc/validate.ts';
import { encodeInstance } from '../../core/protocol/wire.ts';
import { chokepointExample } from '../../core/examples/chokepoint.ts';

describe('validation of what the renderer sends to main', () => {
  const good = { solver: 'independent', instance: encodeInstance(chokepointExample()), timeLimitMs: 1000 };

  it('accepts a well-formed solve request', () => {
    const checked = checkSolveRequest(good);
    expect(checked.ok).toBe(true);
  });

  it.each([
    ['no solver', { ...good, solver: undefined }, /solver/],
    ['a negative time limit', { ...good, timeLimitMs: -5 }, /timeLimitMs/],
    ['passable cells as a plain array', { ...good, instance: { ...good.instance, passable: [1, 1, 1] } }, /instance\.passable/],
    ['a string instead of a request', 'solve please', /invalid solve request/],
  ])('rejects %s, saying which field', (_what, body, field) => {
    const checked = checkSolveRequest(body);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toMatch(field);
  });

  it('accepts plain tickets and refuses anything else', () => {
    expect(checkTicket('solve-abc_1').ok).toBe(true);
    for (const bad of ['', 'a b', '../x', 42, null, 'x'.repeat(65)]) {
      const checked = checkTicket(bad);
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.message).toMatch(/invalid solve ticket/);
    }
  });
});
