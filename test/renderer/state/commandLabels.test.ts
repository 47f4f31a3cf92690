// The Undo button has a fixed width (the header must not reflow): 'Undo measured regions' was cut
// to 'Undo measured…'. Every command's label fits; the e2e (regions) checks the button itself.
import { describe, expect, it } from 'vitest';
import { COMMAND_LABELS, MAX_COMMAND_LABEL } from '../../../renderer/src/state/modelStore.ts';

describe('undo labels', () => {
  it('are short enough for the Undo and Redo buttons', () => {
    for (const [command, label] of Object.entries(COMMAND_LABELS)) expect(label.length, `${command}: '${label}'`).toBeLessThanOrEqual(MAX_COMMAND_LABEL);
  });
});
