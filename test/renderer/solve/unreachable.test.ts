// A goal that cannot be reached is found before solving and the unit named (from 1).
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { unreachableMessage } from '../../../renderer/src/solve/unreachable.ts';

describe('unreachableMessage', () => {
  const grid = Grid.fromAscii(['..@..', '..@..']);
  it('names the walled-off unit with its cells, and says nothing when every unit can reach its goal', () => {
    const instance = { grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(0, 0), goal: grid.cell(1, 1) }, { start: grid.cell(0, 1), goal: grid.cell(4, 0) }] };
    expect(unreachableMessage(instance, ['Scout', 'Cart'])).toBe('Not solved: a unit cannot reach its goal on this map: unit 2 (Cart) from (0, 1) to (4, 0). Open a way or move the goal.');
    expect(unreachableMessage({ ...instance, agents: [instance.agents[0]] }, ['Scout'])).toBeNull();
  });
});
