/**
 * `npm run bench:paint`: the editor model's side of painting on a 1024x1024 map (the canvas is
 * drawn elsewhere). Times each stroke segment (one pointer move: a line of brush stamps) for
 * brush sizes 1, 5 and 20, and undo / redo of a 10,000-cell stroke. The target is far below one
 * 16 ms frame per segment. Short on purpose: the machine is shared.
 */
import { Grid } from '../../../../core/grid/grid.ts';
import { Random } from '../../../../core/util/random.ts';
import { emptyDocument } from '../document.ts';
import { EditorModel } from '../editorModel.ts';

const SIDE = 1024;
const SEGMENTS = 2000;

function newModel(): EditorModel {
  const doc = emptyDocument(1, 1, 'bench');
  doc.grid = new Grid(SIDE, SIDE);
  const model = new EditorModel(doc);
  // Units on the map, so painting walls consults the keep mask as it does in the app.
  model.dispatch({ type: 'placeRandomAgents', count: 200, seed: 1 });
  return model;
}

function stats(times: Float64Array): string {
  const sorted = times.slice().sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  let sum = 0;
  for (const t of times) sum += t;
  return `mean ${(sum / times.length).toFixed(3)} ms, p50 ${at(0.5).toFixed(3)}, p99 ${at(0.99).toFixed(3)}, max ${sorted[sorted.length - 1].toFixed(3)}`;
}

/**
 * A stroke of SEGMENTS pointer moves, each `step` cells in a wandering direction (a fast drag
 * at 60 Hz covers roughly 5 to 40 cells of a zoomed-out 1024 map per frame).
 */
function timeStroke(brush: number, step: number, seed: number): { times: Float64Array; cells: number; undoMs: number } {
  const model = newModel();
  const random = new Random(seed);
  const times = new Float64Array(SEGMENTS);
  let x = SIDE >> 1;
  let y = SIDE >> 1;
  let angle = 0;
  model.dispatch({ type: 'paintCells', phase: 'begin', x, y, passable: false, brush });
  for (let i = 0; i < SEGMENTS; i++) {
    angle += (random.next() - 0.5) * 1.2;
    x = Math.max(0, Math.min(SIDE - 1, Math.round(x + Math.cos(angle) * step)));
    y = Math.max(0, Math.min(SIDE - 1, Math.round(y + Math.sin(angle) * step)));
    if (x === 0 || y === 0 || x === SIDE - 1 || y === SIDE - 1) angle += Math.PI;
    const t0 = performance.now();
    model.dispatch({ type: 'paintCells', phase: 'extend', x, y });
    times[i] = performance.now() - t0;
  }
  model.dispatch({ type: 'paintCells', phase: 'end' });
  let walls = 0;
  for (const v of model.document.grid.passable) walls += v === 0 ? 1 : 0;
  const t0 = performance.now();
  model.undo();
  const undoMs = performance.now() - t0;
  return { times, cells: walls, undoMs };
}

/** Undo and redo of a stroke that changes exactly 10,000 cells (ten adjacent 1,000-cell rows, brush 1). */
function timeUndoRedo(): { cells: number; undo: Float64Array; redo: Float64Array } {
  const model = new EditorModel(emptyDocument(SIDE, SIDE, 'bench'));
  model.dispatch({ type: 'paintCells', phase: 'begin', x: 0, y: 0, passable: false });
  for (let row = 0; row < 10; row++) {
    const y = row;
    if (row > 0) model.dispatch({ type: 'paintCells', phase: 'extend', x: row % 2 === 0 ? 0 : 999, y });
    model.dispatch({ type: 'paintCells', phase: 'extend', x: row % 2 === 0 ? 999 : 0, y });
  }
  model.dispatch({ type: 'paintCells', phase: 'end' });
  const rounds = 50;
  const undo = new Float64Array(rounds);
  const redo = new Float64Array(rounds);
  for (let i = 0; i < rounds; i++) {
    let t0 = performance.now();
    model.undo();
    undo[i] = performance.now() - t0;
    t0 = performance.now();
    model.redo();
    redo[i] = performance.now() - t0;
  }
  let walls = 0;
  for (const v of model.document.grid.passable) walls += v === 0 ? 1 : 0;
  if (walls < 10_000) throw new Error(`the stroke changed ${walls} cells, expected at least 10,000`);
  return { cells: walls, undo, redo };
}

function main(): void {
  console.log(`bench:paint, ${SIDE}x${SIDE} map, 200 units, ${SEGMENTS} segments per stroke (times per dispatch of one segment)`);
  timeStroke(5, 10, 99); // warm-up
  for (const brush of [1, 5, 20]) {
    for (const step of [10, 40]) {
      const { times, cells, undoMs } = timeStroke(brush, step, brush * 100 + step);
      console.log(`  brush ${String(brush).padStart(2)}, ${String(step).padStart(2)} cells/segment: ${stats(times)}  (stroke walled ${cells} cells; its undo ${undoMs.toFixed(2)} ms)`);
    }
  }
  const { cells, undo, redo } = timeUndoRedo();
  console.log(`  undo of a ${cells}-cell stroke: ${stats(undo)}`);
  console.log(`  redo of a ${cells}-cell stroke: ${stats(redo)}`);
  console.log('  (max values include garbage collection and, on a shared machine, time the process was not scheduled)');
}

main();
