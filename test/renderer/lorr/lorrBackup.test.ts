// Recovering an autosave taken with a LoRR problem open brought back its robots without the
// problem, and Solve then ran the MAPF solvers on them: the backup now carries the problem.
import { describe, expect, it } from 'vitest';
import { lorrBackupOf, restoreLorrBackup } from '../../../renderer/src/lorr/lorrBackup.ts';
import type { LorrState } from '../../../renderer/src/lorr/lorrState.ts';

const MAP = ['type octile', 'height 3', 'width 4', 'map', '..E.', '.@S.', '....', ''].join('\n');
const TEXT = JSON.stringify({ mapFile: 'm.map', agentFile: 'a.agents', taskFile: 't.tasks', teamSize: 2, numTasksReveal: 1.5 });
const FILES = { 'm.map': MAP, 'a.agents': '# version for LoRR 2024\n2\n0\n11\n', 't.tasks': '# version for LoRR 2024\n2\n2,11\n6,3,8\n' };
const OPEN: LorrState = { problem: { name: 'p.json', text: TEXT, files: FILES, teamSize: 2 }, pending: null, planner: 'pibt-rotations', scheduler: 'hungarian', steps: 40, stepLimitMs: 250 };

describe('a LoRR problem in the autosave', () => {
  it('is kept with its planner, scheduler, steps and step limit, and comes back from the written JSON as it was', () => {
    const backup = lorrBackupOf(OPEN);
    expect(backup).toEqual({ name: 'p.json', text: TEXT, files: FILES, planner: 'pibt-rotations', scheduler: 'hungarian', steps: 40, stepLimitMs: 250 });
    const restored = restoreLorrBackup(JSON.parse(JSON.stringify(backup)));
    expect(restored).toEqual({ ok: true, state: { problem: OPEN.problem, planner: 'pibt-rotations', scheduler: 'hungarian', steps: 40, stepLimitMs: 250 } });
  });

  it('is absent when no problem is open', () => {
    expect(lorrBackupOf({ ...OPEN, problem: null })).toBeUndefined();
  });

  it('that no longer reads says why, so recovery can say the robots are no LoRR problem any more', () => {
    const backup = lorrBackupOf(OPEN)!;
    const noTasks = restoreLorrBackup({ ...backup, files: { 'm.map': MAP, 'a.agents': FILES['a.agents'] } });
    expect(noTasks.ok).toBe(false);
    expect(!noTasks.ok && noTasks.reason).toMatch(/t\.tasks/);
    expect(restoreLorrBackup({ name: 'p.json' })).toEqual({ ok: false, reason: 'the backup of the LoRR problem is incomplete' });
    // A planner this version does not have falls back to the default rather than failing the recovery.
    const unknown = restoreLorrBackup({ ...backup, planner: 'gone' });
    expect(unknown.ok && unknown.state.planner).toBe('flow-pibt');
    // So does a scheduler it does not have, and a backup written before schedulers were named.
    expect(restoreLorrBackup({ ...backup, scheduler: 'gone' })).toMatchObject({ ok: true, state: { scheduler: 'greedy' } });
    const { scheduler: _older, ...older } = backup;
    expect(restoreLorrBackup(older)).toMatchObject({ ok: true, state: { scheduler: 'greedy' } });
  });
});
