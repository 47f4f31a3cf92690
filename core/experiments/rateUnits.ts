/**
 * Rates and times in the designer's units. A sweep measures in turns: units per 10 turns, times in
 * turns, lengths in cells. A rate is entered per spawner, so it is reported per spawner and in all
 * (rate x spawners swept), both; once the scenario says how long a turn lasts (its `scale`), per
 * minute and per second too, times in seconds as well, and lanes in metres once it says how wide
 * a cell is. Pure arithmetic and words, shared by the command line's table and sentence, its
 * --json and the app's Capacity panel.
 */
import type { TimeScale } from '../scenario/timeScaleSchema.ts';

export type { TimeScale };

/** Units per minute from units per 10 turns, at `turnSeconds` a turn. */
export function perMinute(per10: number, turnSeconds: number): number {
  return (per10 * 6) / turnSeconds;
}

/** Units per second from units per 10 turns. */
export function perSecond(per10: number, turnSeconds: number): number {
  return per10 / (10 * turnSeconds);
}

/** A figure with one decimal, or none when it is whole: 4, 4.5. */
export function figure(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(1);
}

/** A small rate keeps two significant decimals: 0.16, 0.05; a larger one one decimal. */
function rateFigure(v: number): string {
  if (v === 0 || Number.isInteger(v)) return String(v);
  return Math.abs(v) < 1 ? v.toFixed(2) : v.toFixed(1);
}

/** " (57.6 a minute, 0.96 a second)" for a rate per 10 turns, or '' without a turn length. */
export function realRate(per10: number, scale: TimeScale | undefined, second = true): string {
  const s = scale?.turnSeconds;
  if (s === undefined) return '';
  return ` (${rateFigure(perMinute(per10, s))} a minute${second ? `, ${rateFigure(perSecond(per10, s))} a second` : ''})`;
}

/**
 * A rate in all swept spawners, in words: "4.8 per 10 turns" for one spawner, "4.8 per 10 turns in
 * all, 2.4 per spawner" for several, each followed by its rate a minute and a second when the
 * scale gives a turn's length. `digits`: decimals of the per-10-turns figures (default: figure()).
 */
export function rateWords(inAll: number, spawners: number, scale: TimeScale | undefined, digits?: number): string {
  const show = (v: number) => (digits === undefined ? figure(v) : v.toFixed(digits));
  if (spawners <= 1) return `${show(inAll)} per 10 turns${realRate(inAll, scale)}`;
  const each = inAll / spawners;
  return `${show(inAll)} per 10 turns in all${realRate(inAll, scale)}, ${show(each)} per spawner${realRate(each, scale, false)}`;
}

/** "14 turns" or, with a turn's length, "14 turns (7 s)". */
export function turnsWords(turns: number, scale: TimeScale | undefined): string {
  const rounded = Math.round(turns);
  const s = scale?.turnSeconds;
  return `${rounded} turn${rounded === 1 ? '' : 's'}${s === undefined ? '' : ` (${secondsText(turns * s)})`}`;
}

function secondsText(seconds: number): string {
  if (seconds >= 120) return `${figure(Math.round(seconds / 6) / 10)} min`;
  return `${seconds >= 10 ? Math.round(seconds) : figure(Math.round(seconds * 10) / 10)} s`;
}

/** "12 cells" or, with a cell's width, "12 cells, 6 m". */
export function cellsWords(cells: number, scale: TimeScale | undefined): string {
  const m = scale?.cellMetres;
  return `${cells} cell${cells === 1 ? '' : 's'}${m === undefined ? '' : `, ${figure(Math.round(cells * m * 10) / 10)} m`}`;
}

/** What the scale says, for a header: "a turn is 0.5 s, a cell 1 m", or null without one. */
export function scaleWords(scale: TimeScale | undefined): string | null {
  if (scale?.turnSeconds === undefined && scale?.cellMetres === undefined) return null;
  const parts = [scale.turnSeconds === undefined ? null : `a turn is ${scale.turnSeconds} s`, scale.cellMetres === undefined ? null : `a cell ${scale.cellMetres} m`].filter((p) => p !== null);
  return parts.join(', ');
}
