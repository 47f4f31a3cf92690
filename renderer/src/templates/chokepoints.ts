/**
 * Chokepoint templates for level designers: two open areas joined by a door (a wall with an
 * opening) or a bridge (a long corridor across an impassable band), with units on both sides
 * that must cross to the other. Pure: returns the map rows and the units' cells.
 */
export type TemplateKind = 'door' | 'bridge';

export interface TemplateOptions {
  kind: TemplateKind;
  width: number;
  height: number;
  /** Width of the opening in cells (door width, bridge lanes). */
  opening: number;
  /** Bridge length in cells (the door is one cell thick). */
  length: number;
  /** Units starting on each side. */
  unitsPerSide: number;
}

export interface Template {
  rows: string[];
  units: { start: [number, number]; goal: [number, number] }[];
}

export function chokepointTemplate(options: TemplateOptions): Template {
  const { kind, width, height, opening, unitsPerSide } = options;
  const thickness = kind === 'door' ? 1 : options.length;
  for (const [name, value] of Object.entries({ width, height, opening, length: thickness, unitsPerSide })) {
    if (!Number.isInteger(value) || value < (name === 'unitsPerSide' ? 0 : 1)) throw new RangeError(`${name} must be a whole number of at least 1, got ${value}`);
  }
  if (height < 2) throw new RangeError(`the map needs at least 2 rows, got ${height}`);
  if (opening > height) throw new RangeError(`the opening (${opening}) is wider than the map is high (${height})`);
  const x0 = Math.floor((width - thickness) / 2);
  const x1 = x0 + thickness - 1;
  // Each side keeps at least one free column between the border and the barrier.
  if (x0 < 1 || x1 > width - 2) throw new RangeError(`a ${thickness}-cell barrier leaves no room on a map ${width} wide`);
  const y0 = Math.floor((height - opening) / 2);
  const rows: string[] = [];
  for (let y = 0; y < height; y++) {
    let row = '';
    for (let x = 0; x < width; x++) row += x >= x0 && x <= x1 && (y < y0 || y >= y0 + opening) ? '@' : '.';
    rows.push(row);
  }
  // Units fill the columns of each side from the outer edge inward, left units on even rows and
  // right units on odd rows, so no start or goal is shared.
  const sideWidth = x0;
  const rowsFor = (parity: number) => Array.from({ length: height }, (_, y) => y).filter((y) => y % 2 === parity);
  const place = (parity: number): [number, number][] => {
    const cells: [number, number][] = [];
    const ys = rowsFor(parity);
    for (let column = 0; column < sideWidth && cells.length < unitsPerSide; column++) {
      for (const y of ys) {
        if (cells.length === unitsPerSide) break;
        cells.push([column, y]);
      }
    }
    if (cells.length < unitsPerSide) throw new RangeError(`${unitsPerSide} units per side do not fit in ${sideWidth} columns of ${ys.length} rows`);
    return cells;
  };
  const mirror = ([x, y]: [number, number]): [number, number] => [width - 1 - x, y];
  const left = place(0);
  const right = place(1).map(mirror);
  const units = [
    ...left.map((start) => ({ start, goal: mirror(start) })),
    ...right.map((start) => ({ start, goal: mirror(start) })),
  ];
  return { rows, units };
}
