// Admission control for spawners (core/simulation/streamAdmission.ts): half of a connected area,
// and half of each bank where a one-lane corridor is the banks' only link.
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { bridgeLevel } from '../../../core/mapgen/bridges.ts';
import { ABSENT } from '../../../core/mapf/plan.ts';
import { StreamAdmission } from '../../../core/simulation/streamAdmission.ts';

// A 10-cell bridge between banks 4 columns wide and 9 rows high: 36 cells a bank, 82 in all.
const bridge = Grid.fromAscii(bridgeLevel({ length: 10, unitsPerSide: 1, bankWidth: 4 }).rows);
const westBank = (n: number): number[] => Array.from({ length: n }, (_, k) => bridge.cell(k % 4, Math.floor(k / 4)));
const westGate = bridge.cell(0, 8);
const eastGate = bridge.cell(bridge.width - 1, 8);

function admission(grid: Grid, cells: number[], goals: number[]): StreamAdmission {
  const a = new StreamAdmission();
  a.count(grid, Int32Array.from(cells), (u) => goals[u]);
  return a;
}

describe('stream admission', () => {
  it('holds a spawner back once its bank holds half its cells, though the map holds far fewer than half of its own', () => {
    const spawn = bridge.cell(3, 8);
    expect(admission(bridge, westBank(17), westBank(17).map(() => eastGate)).admits(spawn, 0.5)).toBe(true);
    // 18 of the west bank's 36 cells taken, 18 of the map's 82: the bank is at its cap.
    expect(admission(bridge, westBank(18), westBank(18).map(() => eastGate)).admits(spawn, 0.5)).toBe(false);
    // The east bank is another bank: its spawner still places units.
    expect(admission(bridge, westBank(18), westBank(18).map(() => eastGate)).admits(bridge.cell(bridge.width - 1, 0), 0.5)).toBe(true);
    // Share 1 turns the cap off: only a free cell is needed.
    expect(admission(bridge, westBank(35), westBank(35).map(() => eastGate)).admits(spawn, 1)).toBe(true);
  });

  it('counts a unit in the corridor for the bank it is heading to', () => {
    const spawn = bridge.cell(3, 8);
    const inLane = bridge.cell(8, 4);
    const cells = [...westBank(17), inLane, ABSENT];
    expect(admission(bridge, cells, [...westBank(17).map(() => eastGate), westGate, 0]).admits(spawn, 0.5)).toBe(false);
    expect(admission(bridge, cells, [...westBank(17).map(() => eastGate), eastGate, 0]).admits(spawn, 0.5)).toBe(true);
  });

  it('caps only the whole area at a door of one cell: its unit can step back', () => {
    const door = Grid.fromAscii(['....@....', '.........', '....@....']);
    // 11 units on the west side: over half of its 12 cells, under half of the map's 25.
    const west = Array.from({ length: 11 }, (_, k) => door.cell(k % 4, Math.floor(k / 4)));
    expect(admission(door, west, west.map(() => door.cell(8, 1))).admits(door.cell(3, 2), 0.5)).toBe(true);
  });

  it('caps only the whole area where the one-lane corridor is not the only way round', () => {
    // Row 2 is a one-lane corridor, but rows 0 and 4 join its ends too: 34 free cells, one area.
    const loop = Grid.fromAscii(['..........', '.@@@@@@@@.', '..........', '.@@@@@@@@.', '..........']);
    const left = Array.from({ length: 16 }, (_, k) => (k < 10 ? loop.cell(k, 0) : loop.cell(k - 10, 4)));
    const goals = left.map(() => loop.cell(9, 2));
    expect(admission(loop, left, goals).admits(loop.cell(0, 2), 0.5)).toBe(true);
    expect(admission(loop, [...left, loop.cell(6, 4)], [...goals, loop.cell(9, 2)]).admits(loop.cell(0, 2), 0.5)).toBe(false);
  });
});
