/**
 * The cells an edit changed and their values, in growable typed arrays: a stroke over a
 * 1024x1024 map may touch a million cells, and boxed arrays of that size would cost far more
 * memory and time. One recorder per open edit; `take()` hands its contents over as a change.
 */
import type { CellsChange } from './changes.ts';

export class CellRecorder {
  private cells = new Int32Array(256);
  private values = new Uint8Array(256);
  length = 0;

  push(cell: number, value: number): void {
    if (this.length === this.cells.length) {
      const cells = new Int32Array(this.cells.length * 2);
      cells.set(this.cells);
      this.cells = cells;
      const values = new Uint8Array(this.values.length * 2);
      values.set(this.values);
      this.values = values;
    }
    this.cells[this.length] = cell;
    this.values[this.length] = value;
    this.length++;
  }

  /** The recorded cells and values as a change (trimmed copies), and a reset. */
  take(): CellsChange {
    const change: CellsChange = { kind: 'cells', cells: this.cells.slice(0, this.length), values: this.values.slice(0, this.length) };
    this.length = 0;
    return change;
  }
}
