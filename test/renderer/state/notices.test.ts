// The notice bar showed the lab's notices in the editor.
import { describe, expect, it } from 'vitest';
import { type Notice, visibleNotice } from '../../../renderer/src/solve/solveState.ts';

describe('notices', () => {
  it("a notice is shown in the view it was given in only", () => {
    const lab: Notice = { kind: 'info', text: 'Loaded the preset silver2005.json', view: 'lab' };
    expect(visibleNotice(lab, 'lab')).toBe(lab);
    expect(visibleNotice(lab, 'editor')).toBeNull();
    expect(visibleNotice({ kind: 'error', text: 'no view' }, 'editor')).not.toBeNull();
  });
});

describe('a notice about the document', () => {
  it('goes at the next edit: "Created … with 0 units" does not stay beside 8 units', () => {
    const created: Notice = { kind: 'info', text: 'Created “Empty 32×32” with 0 units.', revision: 4 };
    expect(visibleNotice(created, 'editor', 4)).toBe(created);
    expect(visibleNotice(created, 'editor', 5)).toBeNull();
    // Other notices stay until dismissed or replaced.
    const error: Notice = { kind: 'error', text: 'Solver error' };
    expect(visibleNotice(error, 'editor', 5)).toBe(error);
  });
});
