/**
 * The game's time and length scale from a level's own custom properties: a Tiled map's properties
 * (Map > Map Properties) or an LDtk level's custom fields. `turnSeconds` is how long a turn lasts;
 * `cellMetres` how wide a cell is, or `tileMetres` how wide a tile is (a cell is a tile over the
 * cells per tile chosen on import). Names are read without regard to case, and the American
 * spelling (`cellMeters`, `tileMeters`) too. A value that is not a number above 0 is left out with
 * a warning naming the property.
 */
import { MAX_CELL_METRES, MAX_TURN_SECONDS, type TimeScale } from '../scenario/timeScaleSchema.ts';

const NAMES = {
  turnSeconds: ['turnseconds'],
  cellMetres: ['cellmetres', 'cellmeters'],
  tileMetres: ['tilemetres', 'tilemeters'],
} as const;

/** The scale `properties` give (undefined: none), cells being `cellsPerTile` to a tile's side. */
export function scaleFromProperties(properties: Readonly<Record<string, unknown>>, cellsPerTile: number, where: string, warnings: string[]): TimeScale | undefined {
  const read = (names: readonly string[], max: number): number | undefined => {
    const key = Object.keys(properties).find((k) => names.includes(k.toLowerCase()));
    if (key === undefined) return undefined;
    const raw = properties[key];
    const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
    if (typeof value !== 'number' || !(value > 0) || value > max) {
      warnings.push(`${where}: property '${key}' is ${JSON.stringify(raw)}, not a number above 0 and at most ${max}: left out`);
      return undefined;
    }
    return value;
  };
  const turnSeconds = read(NAMES.turnSeconds, MAX_TURN_SECONDS);
  const tileMetres = read(NAMES.tileMetres, MAX_CELL_METRES * cellsPerTile);
  const cellMetres = read(NAMES.cellMetres, MAX_CELL_METRES) ?? (tileMetres === undefined ? undefined : tileMetres / cellsPerTile);
  if (turnSeconds === undefined && cellMetres === undefined) return undefined;
  return { ...(turnSeconds !== undefined ? { turnSeconds } : {}), ...(cellMetres !== undefined ? { cellMetres } : {}) };
}
