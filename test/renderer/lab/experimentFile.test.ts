// The lab said "Untitled experiment" after a restart over the preset or file it had open.
import { describe, expect, it } from 'vitest';
import { adoptInitialText, experimentFileStore, isExperimentDirty, remember } from '../../../renderer/src/lab/experimentFileState.ts';
import { PRESETS } from '../../../renderer/src/lab/presets.ts';
import { memoryStorage } from '../../../renderer/src/lab/resultStore.ts';
import { setExperimentText, setLabStorage, sweepStore } from '../../../renderer/src/lab/sweep.ts';

/** What a restart keeps: the window's storage; what it loses: the stores in memory. */
function restart(): void {
  experimentFileStore.set({ name: null, onDisk: false, savedText: null });
}

describe('the experiment file across a restart', () => {
  it('keeps the name of the preset it had open, and whether it was edited since', () => {
    setLabStorage(memoryStorage());
    // What loading a preset does (experimentFile.ts's load, without its platform).
    const preset = PRESETS.find((p) => p.id === 'silver2005')!;
    setExperimentText(preset.text);
    remember({ name: preset.fileName, onDisk: false, savedText: preset.text });
    expect(experimentFileStore.get().name).toBe('silver2005.json');
    restart();
    adoptInitialText();
    expect(experimentFileStore.get().name).toBe('silver2005.json');
    expect(isExperimentDirty()).toBe(false);
    setExperimentText(sweepStore.get().text.replace('"repeats"', '"repeats" ').replace('}', ' }'));
    restart();
    adoptInitialText();
    expect(experimentFileStore.get().name).toBe('silver2005.json');
    expect(isExperimentDirty()).toBe(true);
  });

  it('a lab that never opened a file stays untitled', () => {
    setLabStorage(memoryStorage());
    restart();
    adoptInitialText();
    expect(experimentFileStore.get().name).toBeNull();
  });
});
