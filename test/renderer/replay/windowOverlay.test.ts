import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { PlanWindowRecorder, windowEnd } from '../../../core/contract/planWindows.ts';
import { findSolver } from '../../../core/registry/registry.ts';
import { describePlanWindow, drawPlanWindow, selectedPlanWindow } from '../../../renderer/src/replay/windowOverlay.ts';

const units = [
  { id: 'a', colour: '#ff0000', size: 1 },
  { id: 'b', colour: '#00ff00', size: 1 },
];

// Unit a plans cells 0..4 at t=0 with w=4, then replans at t=2 to go down instead.
function windows() {
  const recorder = new PlanWindowRecorder(2, 4);
  recorder.plan(0, 0, Int32Array.from([0, 1, 2, 3, 4]), 5);
  recorder.plan(1, 0, Int32Array.from([9, 9]), 2);
  recorder.plan(0, 2, Int32Array.from([2, 12, 22, 22, 32]), 5);
  return recorder.finish();
}

/** A 2D context stand-in that records the calls the overlay makes. */
function recordingContext() {
  const calls: { op: string; args: unknown[]; alpha: number; fill: string; stroke: string }[] = [];
  const context = {
    globalAlpha: 1,
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    textAlign: '',
    textBaseline: '',
    save() {},
    restore() {},
    setLineDash() {},
  } as unknown as CanvasRenderingContext2D & Record<string, unknown>;
  for (const op of ['fillRect', 'strokeRect', 'fillText']) {
    (context as Record<string, unknown>)[op] = (...args: unknown[]) =>
      calls.push({ op, args, alpha: context.globalAlpha, fill: String(context.fillStyle), stroke: String(context.strokeStyle) });
  }
  return { context, calls };
}

describe('selectedPlanWindow', () => {
  it("gives the first selected unit's reserved cells from the whole turn shown on", () => {
    const overlay = selectedPlanWindow(windows(), units, ['a'], 1.6)!;
    expect(overlay.t).toBe(1);
    expect(Array.from(overlay.cells)).toEqual([1, 2, 3, 4]);
    expect([overlay.firstTime, windowEnd(overlay)]).toEqual([1, 4]);
    expect(overlay.colour).toBe('#ff0000');
    const later = selectedPlanWindow(windows(), units, ['a', 'b'], 3)!;
    expect(Array.from(later.cells)).toEqual([12, 22, 22, 32]);
    expect(later.plannedAt).toBe(2);
    expect(describePlanWindow(later)).toBe('window w=4 planned at t=2, reserved t=3…6');
  });

  it('is null without windows, without a selection, for an unknown unit or after the window ran out', () => {
    expect(selectedPlanWindow(undefined, units, ['a'], 0)).toBeNull();
    expect(selectedPlanWindow(windows(), units, [], 0)).toBeNull();
    expect(selectedPlanWindow(windows(), units, ['zz'], 0)).toBeNull();
    expect(selectedPlanWindow(windows(), units, ['b'], 2)).toBeNull();
  });
});

describe('drawPlanWindow', () => {
  const view = { cellSize: 20, offsetX: 5, offsetY: 7 };

  it('shades each stay on a reserved cell once, fading towards the end, labels +k (+a–b for a wait) and outlines the end cell', () => {
    const overlay = selectedPlanWindow(windows(), units, ['a'], 2)!;
    const { context, calls } = recordingContext();
    drawPlanWindow(context, 10, view, overlay);
    const fills = calls.filter((c) => c.op === 'fillRect');
    expect(fills.map((c) => c.args)).toEqual([
      [5 + 2 * 20, 7, 20, 20],
      [5 + 2 * 20, 7 + 20, 20, 20],
      [5 + 2 * 20, 7 + 40, 20, 20],
      [5 + 2 * 20, 7 + 60, 20, 20],
    ]);
    for (const fill of fills) expect(fill.fill).toBe('#ff0000');
    for (let i = 1; i < fills.length; i++) expect(fills[i].alpha).toBeLessThan(fills[i - 1].alpha);
    // The end (cell 32 = (2, 3)) is outlined, dark then in the unit's colour.
    const outlines = calls.filter((c) => c.op === 'strokeRect');
    // A thin dark edge per stay, then the end twice.
    expect(outlines.length).toBe(4 + 2);
    const ends = outlines.slice(4);
    expect(ends.map((c) => c.stroke)).toEqual(['#111318', '#ff0000']);
    for (const o of ends) expect(o.args).toEqual([5 + 40 + 1, 7 + 60 + 1, 18, 18]);
    // One label per stay: the wait on 22 (turns 4 and 5) reads +2–3.
    expect(calls.filter((c) => c.op === 'fillText').map((c) => c.args[0])).toEqual(['+0', '+1', '+2–3', '+4']);
  });

  it('writes no labels on small cells', () => {
    const { context, calls } = recordingContext();
    drawPlanWindow(context, 10, { cellSize: 6, offsetX: 0, offsetY: 0 }, selectedPlanWindow(windows(), units, ['a'], 0)!);
    expect(calls.filter((c) => c.op === 'fillText')).toEqual([]);
    expect(calls.filter((c) => c.op === 'fillRect').length).toBe(5);
    expect(calls.filter((c) => c.op === 'strokeRect').length).toBe(5 + 2);
  });

  it('grows cells and the end marker on a zoomed-out map so the window stays visible', () => {
    const { context, calls } = recordingContext();
    drawPlanWindow(context, 10, { cellSize: 2, offsetX: 0, offsetY: 0 }, selectedPlanWindow(windows(), units, ['a'], 0)!);
    // Cell 1 = (1, 0): 2 px wide, drawn 4 px wide about its centre.
    expect(calls.filter((c) => c.op === 'fillRect')[1].args).toEqual([1, -1, 4, 4]);
    // The end, cell 4 = (4, 0), as a 10 px square about its centre.
    expect(calls.filter((c) => c.op === 'strokeRect').slice(-1)[0].args).toEqual([8 - 4 + 1, -4 + 1, 8, 8]);
  });
});

describe('a slow move', () => {
  it('shades the cell being entered as well, once per move', () => {
    const recorder = new PlanWindowRecorder(1, 4);
    // Speed 2: holds 0 at t=0 and 1 while entering 1, then stands on 1.
    recorder.plan(0, 0, Int32Array.from([0, 0, 1, 1, 2]), 5, Int32Array.from([-1, 1, -1, 2, -1]));
    const overlay = selectedPlanWindow(recorder.finish(), units, ['a'], 0)!;
    const { context, calls } = recordingContext();
    drawPlanWindow(context, 10, { cellSize: 10, offsetX: 0, offsetY: 0 }, overlay);
    // Stays on 0, 1, 2, then the entered cells 1 (t=1) and 2 (t=3).
    expect(calls.filter((c) => c.op === 'fillRect').map((c) => c.args[0])).toEqual([0, 10, 20, 10, 20]);
  });
});

describe('plan windows of a real run', () => {
  it('the windows a real WHCA* run records draw for a selected unit at every turn it holds a plan', () => {
    const grid = Grid.fromAscii(['.....', '@@.@@', '.....']);
    const agents = [{ start: grid.cell(0, 0), goal: grid.cell(4, 2) }, { start: grid.cell(4, 2), goal: grid.cell(0, 0) }];
    // Through the registry entry, as the solver process runs it: the param asks for the windows.
    const result = findSolver('whca')!.solve({ grid, movement: FOUR_CONNECTED, agents }, { seed: 1, params: { window: 4, recordPlans: true } });
    const replay = result.replay!;
    const shown = [];
    for (let t = 0; t < replay.turns; t++) {
      const overlay = selectedPlanWindow(replay.windows, units, ['b'], t);
      if (overlay) shown.push(overlay.cells[0] === result.paths[1][t]);
    }
    expect(shown.length).toBeGreaterThan(3);
    expect(shown.every(Boolean)).toBe(true);
  });
});
