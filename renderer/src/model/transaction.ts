/**
 * One command's changes while it runs: each applied change's inverse is kept, so the command
 * becomes one history entry, or, when it fails half way, is rolled back and leaves no trace.
 */
import { addParts, applyChange, noParts, type Change } from './changes.ts';
import type { EditorDocument } from './document.ts';

export class Transaction {
  /** Inverses in the order their changes were applied. */
  readonly inverses: Change[] = [];
  readonly parts = noParts();

  constructor(private readonly doc: EditorDocument) {}

  apply(change: Change): void {
    addParts(this.parts, change);
    this.inverses.push(applyChange(this.doc, change));
  }

  /** Keeps the inverse of a change already made directly (a painted stroke). */
  record(inverse: Change): void {
    addParts(this.parts, inverse);
    this.inverses.push(inverse);
  }

  get empty(): boolean {
    return this.inverses.length === 0;
  }

  rollback(): void {
    for (let i = this.inverses.length - 1; i >= 0; i--) applyChange(this.doc, this.inverses[i]);
    this.inverses.length = 0;
  }
}
