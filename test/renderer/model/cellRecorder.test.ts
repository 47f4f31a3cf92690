import { describe, expect, it } from 'vitest';
import { CellRecorder } from '../../../renderer/src/model/cellRecorder.ts';
import { EditorModel } from '../../../renderer/src/model/editorModel.ts';
import { emptyDocument } from '../../../renderer/src/model/document.ts';

describe('CellRecorder', () => {
  it('keeps every entry in order across chunk boundaries, and resets on take', () => {
    const record = new CellRecorder();
    const n = 1024 + 65536 + 7;
    for (let i = 0; i < n; i++) record.push(i * 3, i & 1);
    const change = record.take();
    expect(change.cells.length).toBe(n);
    expect(change.cells[0]).toBe(0);
    expect(change.cells[1024]).toBe(3072);
    expect(change.cells[n - 1]).toBe((n - 1) * 3);
    expect(change.values[n - 2]).toBe((n - 2) & 1);
    expect(record.length).toBe(0);
    record.push(5, 1);
    expect(Array.from(record.take().cells)).toEqual([5]);
  });

  it('a stroke over a whole 300x300 map undoes to the exact bytes', () => {
    const model = new EditorModel(emptyDocument(300, 300));
    model.dispatch({ type: 'fillRect', from: [10, 10], to: [200, 40], passable: false });
    const before = model.document.grid.passable.slice();
    model.dispatch({ type: 'paintCells', phase: 'begin', x: 0, y: 0, passable: false, brush: 40 });
    // Passes 20 rows apart with a 40-cell brush cover every row.
    for (let y = 0; y <= 300; y += 20) {
      model.dispatch({ type: 'paintCells', phase: 'extend', x: 299, y: Math.min(y, 299) });
      model.dispatch({ type: 'paintCells', phase: 'extend', x: 0, y: Math.min(y, 299) });
    }
    model.dispatch({ type: 'paintCells', phase: 'end' });
    expect(model.document.grid.passable.every((v) => v === 0)).toBe(true);
    model.undo();
    expect(model.document.grid.passable).toEqual(before);
  });
});
