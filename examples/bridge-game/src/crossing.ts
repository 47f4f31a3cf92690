/**
 * The game's rules, apart from its drawing: who spawns where and when, where each is going, and
 * what the game keeps of each turn (for its own check and the e2e test's).
 */
import type { Cell, UnitMove } from '@mapf-lab/core';

/** Units a bank sends, one every SPAWN_EVERY turns, from the rows 3 to 10 of its edge. */
export const UNITS_A_SIDE = 8;
export const SPAWN_EVERY = 3;

/** The k-th unit of a bank: it starts on the bank's edge and crosses to the other's. */
export function spawn(k: number, side: 'west' | 'east', width: number, height: number): { start: Cell; goal: Cell } {
  const y = 3 + k;
  const far = k % 2; // goals in two columns, so arrivals do not queue behind one another
  return side === 'west'
    ? { start: { x: 0, y }, goal: { x: width - 1 - far, y: height - 1 - y } }
    : { start: { x: width - 1, y }, goal: { x: far, y: height - 1 - y } };
}

/** Cells two units share in one turn's moves, or swap between two turns ("x,y" of each). */
export function clashes(before: readonly UnitMove[], after: readonly UnitMove[]): string[] {
  const found: string[] = [];
  const at = new Map<string, number>();
  for (const m of after) {
    const key = `${m.x},${m.y}`;
    if (at.has(key)) found.push(`units ${at.get(key)} and ${m.id} on (${key})`);
    at.set(key, m.id);
  }
  const was = new Map(before.map((m) => [m.id, `${m.x},${m.y}`]));
  const now = new Map(after.map((m) => [m.id, `${m.x},${m.y}`]));
  for (const [id, cell] of now) {
    const other = at.get(was.get(id) ?? '');
    if (other !== undefined && other !== id && was.get(other) === cell) found.push(`units ${id} and ${other} swap`);
  }
  return found;
}
