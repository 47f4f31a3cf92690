import { describe, expect, it } from 'vitest';
import { drawnProblem } from '../../../renderer/src/model/drawnProblem.ts';
import { EditorModel } from '../../../renderer/src/model/editorModel.ts';
import { emptyDocument } from '../../../renderer/src/model/document.ts';
import { newExit, newSpawner } from '../../../renderer/src/model/streamCommands.ts';

describe('problems in what the designer drew, in the designer\'s words', () => {
  it('names the thing by kind and number from 1, then the part, then what is wrong; the JSON path after', () => {
    expect(drawnProblem({ path: 'exits[2].area', message: "exit 'dock 3': every cell of the area is a wall" })).toBe("Exit 3 'dock 3', its area: every cell of the area is a wall (JSON: exits[2].area)");
    expect(drawnProblem({ path: 'spawners[0].area.to', message: "spawner 'gate 1': (45, 2) is outside the 40x20 map" })).toBe("Spawner 1 'gate 1', its area's corner: (45, 2) is outside the 40x20 map (JSON: spawners[0].area.to)");
    expect(drawnProblem({ path: 'obstacles[1].route[0]', message: "obstacle 'cart': starts on (3, 4), the start of unit 'a1' (agents[0])" })).toBe("Obstacle 2 'cart', its waypoint 1: starts on (3, 4), the start of unit 'a1' (unit 1) (JSON: obstacles[1].route[0])");
    expect(drawnProblem({ path: 'events[0].cells[2]', message: 'cell (50, 1) is outside the 40x20 map' })).toBe('Door 1, its cell 3: cell (50, 1) is outside the 40x20 map (JSON: events[0].cells[2])');
  });

  it('an exit drawn over walls is refused in those words by the editor', () => {
    const model = new EditorModel(emptyDocument(8, 4));
    // Walls down column 7, then an exit drawn on them.
    for (let y = 0; y < 4; y++) model.document.grid.setPassable(y * 8 + 7, false);
    const exits = [newExit([], [0, 0], [0, 0]), newExit(['dock 1'], [1, 0], [1, 0]), newExit(['dock 1', 'dock 2'], [7, 0], [7, 3])];
    const result = model.dispatch({ type: 'setStreams', spawners: [newSpawner([], [2, 2], [2, 2], 'dock 1')], exits });
    expect(result).toEqual({ ok: false, message: "Exit 3 'dock 3', its area: every cell of the area is a wall (JSON: exits[2].area)" });
  });
});
