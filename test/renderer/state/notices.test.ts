// Issue 15, defect 9 (in part): the notice bar showed the lab's notices in the editor.
import { describe, expect, it } from 'vitest';
import { type Notice, visibleNotice } from '../../../renderer/src/state/solveState.ts';

describe('notices', () => {
  it("a notice is shown in the view it was given in only", () => {
    const lab: Notice = { kind: 'info', text: 'Loaded the preset silver2005.json', view: 'lab' };
    expect(visibleNotice(lab, 'lab')).toBe(lab);
    expect(visibleNotice(lab, 'editor')).toBeNull();
    expect(visibleNotice({ kind: 'error', text: 'no view' }, 'editor')).not.toBeNull();
  });
});
