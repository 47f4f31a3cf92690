/**
 * EPIBT's operations: sequences of D actions of the League's rotation model (forward, turn
 * clockwise or counter-clockwise, wait) that a robot commits to as one choice (Zakharov et al.,
 * "Enhancing PIBT via Multi-Action Operations", AAAI 2026, arXiv 2511.09193; the LoRR 2024
 * winner's Solution/Objects/Environment/operations.cpp, MIT).
 *
 * Of the 4^D sequences, an operation is kept when it is the one way to walk its cells: no turn
 * after its last forward move (a turn there changes no cell the operation reserves; the heading it
 * ends in is judged apart), and before each forward move first the turns, then the waits, the
 * turns all one way and at most two, a half turn clockwise (as the Start-Kit turns). For D = 3 and
 * D = 4 this keeps exactly the winner's pools (17 and 48 operations); for D = 5 it keeps 136, one
 * differing (RRWWF where the winner lists CCWWF, the only half turn it makes counter-clockwise).
 *
 * Operations are listed least preferred first: on equal distance to the goal the planner takes
 * the later one, which moves earlier and turns less (the winner's operation weight: a forward
 * move at depth d weighs 10 (D - d), a wait -(D - d), a turn -2 (D - d)).
 */
import { ACTION_CLOCKWISE, ACTION_COUNTER, ACTION_FORWARD, ACTION_WAIT } from '../../../grid/headings.ts';

export const MIN_DEPTH = 3;
export const MAX_DEPTH = 5;

const LETTER_ACTION: Record<string, number> = { W: ACTION_WAIT, F: ACTION_FORWARD, R: ACTION_CLOCKWISE, C: ACTION_COUNTER };
const ACTION_LETTER = ['W', 'F', 'R', 'C'];

/** The operations of depth `depth`, each as D action codes, least preferred first; the first is all waits. */
export function operationsOfDepth(depth: number): Uint8Array[] {
  if (!Number.isInteger(depth) || depth < MIN_DEPTH || depth > MAX_DEPTH) throw new RangeError(`operation depth ${depth}: EPIBT's operations are ${MIN_DEPTH} to ${MAX_DEPTH} actions long`);
  const kept: string[] = [];
  const letters = 'WFRC';
  const total = 4 ** depth;
  for (let code = 0; code < total; code++) {
    let op = '';
    for (let d = 0, rest = code; d < depth; d++, rest = Math.floor(rest / 4)) op += letters[rest % 4];
    if (isKept(op)) kept.push(op);
  }
  const weight = (op: string) => {
    let w = 0;
    for (let d = 0; d < op.length; d++) {
      const left = op.length - d;
      w += op[d] === 'F' ? 10 * left : op[d] === 'W' ? -left : -2 * left;
    }
    return w;
  };
  kept.sort((a, b) => weight(a) - weight(b) || (a < b ? -1 : a > b ? 1 : 0));
  const waits = 'W'.repeat(depth);
  kept.splice(kept.indexOf(waits), 1);
  kept.unshift(waits);
  return kept.map((op) => Uint8Array.from(op, (letter) => LETTER_ACTION[letter]));
}

function isKept(op: string): boolean {
  if (/[RC]W*$/.test(op)) return false;
  const segments = op.split('F');
  segments.pop();
  return segments.every((segment) => /^(R|C|RR)?W*$/.test(segment));
}

/** An operation's letters (W, F, R, C), as the winner's pools and the League's output write them. */
export function operationText(op: Uint8Array): string {
  return Array.from(op, (a) => ACTION_LETTER[a]).join('');
}
