/**
 * The cells an edit changed and their old values, in typed arrays: a stroke over a 1024x1024
 * map may touch a million cells, and boxed arrays of that size would cost far more memory and
 * time. Storage grows in fixed chunks rather than by doubling, so a stroke segment never pays
 * for copying everything recorded so far; `take()` joins the chunks once, when the edit ends.
 */
import type { CellsChange } from './changes.ts';

const CHUNK = 1 << 16;

export class CellRecorder {
  private readonly cellChunks: Int32Array[] = [];
  private readonly valueChunks: Uint8Array[] = [];
  private cells = new Int32Array(0);
  private values = new Uint8Array(0);
  /** Entries used in the current chunk. */
  private used = 0;
  length = 0;

  push(cell: number, value: number): void {
    if (this.used === this.cells.length) this.grow();
    this.cells[this.used] = cell;
    this.values[this.used] = value;
    this.used++;
    this.length++;
  }

  /** The recorded cells and values as one change, and a reset. */
  take(): CellsChange {
    const cells = new Int32Array(this.length);
    const values = new Uint8Array(this.length);
    let at = 0;
    for (let i = 0; i < this.cellChunks.length; i++) {
      const n = Math.min(this.cellChunks[i].length, this.length - at);
      cells.set(this.cellChunks[i].subarray(0, n), at);
      values.set(this.valueChunks[i].subarray(0, n), at);
      at += n;
    }
    this.cellChunks.length = 0;
    this.valueChunks.length = 0;
    this.cells = new Int32Array(0);
    this.values = new Uint8Array(0);
    this.used = 0;
    this.length = 0;
    return { kind: 'cells', cells, values };
  }

  private grow(): void {
    // Small first chunk: most edits (a click, a short line) change a handful of cells.
    const size = this.cellChunks.length === 0 ? 1024 : CHUNK;
    this.cells = new Int32Array(size);
    this.values = new Uint8Array(size);
    this.cellChunks.push(this.cells);
    this.valueChunks.push(this.values);
    this.used = 0;
  }
}
