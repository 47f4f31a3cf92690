// Issue 15, defect 9: the notice bar kept stale messages ("Placed the first 10 of 860 units…" next
// to 60 other units) and showed the lab's notices in the editor.
import { describe, expect, it } from 'vitest';
import { type Notice, staleAfter, visibleNotice } from '../../../renderer/src/state/solveState.ts';

const parts = (changed: Partial<Record<'map' | 'agents' | 'settings' | 'events', boolean>>) => ({ map: false, agents: false, settings: false, events: false, ...changed });

describe('notices', () => {
  const placed: Notice = { kind: 'info', text: 'Placed the first 10 of 860 units from x.scen.', view: 'editor' };

  it('an information about the units goes stale when the units or the map change', () => {
    expect(staleAfter(placed, { cause: 'edit', parts: parts({ agents: true }) })).toBe(true);
    expect(staleAfter(placed, { cause: 'undo', parts: parts({ map: true }) })).toBe(true);
    expect(staleAfter(placed, { cause: 'edit', parts: parts({ settings: true }) })).toBe(false);
    expect(staleAfter(placed, { cause: 'solution', parts: parts({}) })).toBe(false);
  });

  it('errors and messages that offer a choice stay until answered', () => {
    expect(staleAfter({ kind: 'error', text: 'x.map: line 3' }, { cause: 'edit', parts: parts({ agents: true }) })).toBe(false);
    const recover: Notice = { kind: 'info', text: 'Recover?', actions: [{ label: 'Recover', testId: 'recover', run: () => {} }] };
    expect(staleAfter(recover, { cause: 'edit', parts: parts({ map: true }) })).toBe(false);
  });

  it("a notice is shown in the view it was given in only", () => {
    const lab: Notice = { kind: 'info', text: 'Loaded the preset silver2005.json', view: 'lab' };
    expect(visibleNotice(lab, 'lab')).toBe(lab);
    expect(visibleNotice(lab, 'editor')).toBeNull();
    expect(visibleNotice({ kind: 'error', text: 'no view' }, 'editor')).not.toBeNull();
  });
});
