/**
 * What the replay player shows (pure, no DOM; tested in test/renderer/replay). Two sources:
 * - the simulator's replay, when the solver ran in it (the cooperative solvers send it with their
 *   result): waits, collisions, replans, priority overrides and map changes are its events, as
 *   the simulator recorded them;
 * - otherwise (offline solvers) the plan's paths alone: waits and arrivals are derived from the
 *   paths and collisions are the validator's.
 * Positions, moves, arrivals and blocked moves come from the paths either way.
 *
 * A wait is a turn a unit stays on its cell before it has arrived for good. The move it was
 * waiting to make is the next cell its path enters: that cell gets a "blocked move". Waiting
 * turns and blocked moves per cell make the congestion heat map (the chokepoint view).
 */
import type { Grid } from '../../../core/grid/grid.ts';
import type { Violation } from '../../../core/mapf/validator.ts';
import { NO_CELL, TURN_EVENT_KINDS, type WireTurnEvents } from '../../../core/protocol/turnEventWire.ts';
import { ABSENT } from '../../../core/mapf/plan.ts';

export interface UnitReplayStats {
  /** Moves made (turns spent on a different cell than the turn before). */
  moves: number;
  /** Turns spent waiting before the final arrival. */
  waits: number;
  /** Turn from which the unit rests on its goal for good, or -1 when it never arrives. */
  arrival: number;
  /** Turns its path covers (path length - 1). */
  pathTurns: number;
}

export type TimelineMarkKind = 'arrival' | 'collision' | 'replan' | 'override' | 'map-change';

export interface TimelineMark {
  t: number;
  kind: TimelineMarkKind;
  /** Units involved (indices). */
  agents: number[];
  text: string;
}

export interface ReplayAnalysis {
  /** Last turn of the replay (the longest path's last index). */
  turns: number;
  units: UnitReplayStats[];
  /** Waiting turns per cell. */
  waits: Uint32Array;
  /** Moves that had to wait, per cell they wanted to enter. */
  blocked: Uint32Array;
  /** waits + blocked per cell, and its maximum, for the heat map's scale. */
  heat: Uint32Array;
  heatMax: number;
  marks: TimelineMark[];
  /** 'simulator': waits and marks are the simulator's events; 'paths': derived from the plan. */
  source: 'simulator' | 'paths';
}

/**
 * `collisions` (the validator's) are used only without a replay; with one, the simulator's
 * collision events are (it refused the moves, so the validator would find none).
 */
export function analyseReplay(grid: Grid, paths: readonly (readonly number[])[], goals: readonly number[], collisions: readonly Violation[] = [], replay?: { events: WireTurnEvents }): ReplayAnalysis {
  const cells = grid.cells;
  const waits = new Uint32Array(cells);
  const blocked = new Uint32Array(cells);
  const marks: TimelineMark[] = [];
  let turns = 0;
  const units = paths.map((path, agent): UnitReplayStats => {
    const last = path.length - 1;
    turns = Math.max(turns, last);
    // Arrival: the first turn of the final run of goal cells.
    let arrival = -1;
    if (last >= 0 && path[last] === goals[agent]) {
      arrival = last;
      while (arrival > 0 && path[arrival - 1] === goals[agent]) arrival--;
    }
    const end = arrival >= 0 ? arrival : last;
    let moves = 0;
    let unitWaits = 0;
    // A stream's unit is ABSENT (-1) before it appears and after it leaves: appearing, leaving
    // and being away are neither moves nor waits.
    for (let t = 1; t <= last; t++) if (path[t] !== path[t - 1] && path[t] !== ABSENT && path[t - 1] !== ABSENT) moves++;
    for (let t = 1; t <= end; t++) {
      if (path[t] !== path[t - 1] || path[t] === ABSENT) continue;
      const here = path[t];
      if (!replay) {
        unitWaits++;
        if (here >= 0 && here < cells) waits[here]++;
      }
      // The cell it waited to enter: the next one its path moves to.
      let next = t + 1;
      while (next <= last && path[next] === here) next++;
      if (next <= last && path[next] >= 0 && path[next] < cells) blocked[path[next]]++;
    }
    if (arrival >= 0) marks.push({ t: arrival, kind: 'arrival', agents: [agent], text: goals[agent] === ABSENT ? `unit ${agent + 1} leaves by an exit` : `unit ${agent + 1} arrives` });
    return { moves, waits: unitWaits, arrival, pathTurns: Math.max(0, last) };
  });
  if (replay) addSimulatorEvents(replay, grid, units, waits, marks);
  else for (const v of collisions) marks.push({ t: v.t, kind: 'collision', agents: v.agents, text: v.message });
  const heat = new Uint32Array(cells);
  let heatMax = 0;
  for (let c = 0; c < cells; c++) {
    const h = waits[c] + blocked[c];
    heat[c] = h;
    if (h > heatMax) heatMax = h;
  }
  marks.sort((a, b) => a.t - b.t);
  return { turns, units, waits, blocked, heat, heatMax, marks, source: replay ? 'simulator' : 'paths' };
}

const WAIT = TURN_EVENT_KINDS.indexOf('wait');

/**
 * The simulator's own events as waits per unit and cell, and as timeline marks. The events are
 * read from their columns (turnEventWire.ts): PIBT's 10,000 units wait about a million times,
 * and only the few other events become marks.
 */
function addSimulatorEvents(replay: { events: WireTurnEvents }, grid: Grid, units: UnitReplayStats[], waits: Uint32Array, marks: TimelineMark[]): void {
  const cells = grid.cells;
  const where = (cell: number) => (cell >= 0 && cell < cells ? `(${grid.x(cell)}, ${grid.y(cell)})` : '?');
  const on = (cell: number) => (cell !== NO_CELL && cell >= 0 ? ` at ${where(cell)}` : '');
  const { kind: kinds, agent: agents, cell: eventCells, t: turns, others: allOthers, othersStart, detail: detailIndex, details } = replay.events;
  for (let i = 0; i < kinds.length; i++) {
    const agent = agents[i];
    const cell = eventCells[i];
    if (kinds[i] === WAIT) {
      if (units[agent]) units[agent].waits++;
      if (cell >= 0 && cell < cells) waits[cell]++;
      continue;
    }
    const t = turns[i];
    const unit = agent + 1;
    const others = Array.from(allOthers.subarray(othersStart[i], othersStart[i + 1]));
    const detail = detailIndex[i] >= 0 ? details[detailIndex[i]] : undefined;
    switch (TURN_EVENT_KINDS[kinds[i]]) {
      case 'collision':
        marks.push({ t, kind: 'collision', agents: [agent, ...others], text: `${detail ?? 'collision'}: unit ${unit}${others.map((o) => ` and ${o + 1}`).join('')}${on(cell)}` });
        break;
      case 'replan':
        marks.push({ t, kind: 'replan', agents: [agent], text: `unit ${unit} replans${detail ? ` (${detail})` : ''}` });
        break;
      case 'priority-override':
        marks.push({ t, kind: 'override', agents: [agent, ...others], text: `unit ${unit} overrides ${others.map((o) => `unit ${o + 1}`).join(', ') || 'a lower priority'}` });
        break;
      case 'map-change':
        marks.push({ t, kind: 'map-change', agents: [], text: `${where(cell)} ${detail ?? 'changes'}` });
        break;
      default:
        break; // arrivals come from the paths; promotions are not shown
    }
  }
}

/** A unit's cell at turn t (its last cell after its path ends). */
export function cellAtTurn(path: readonly number[], t: number): number {
  if (path.length === 0) return -1;
  return path[Math.max(0, Math.min(path.length - 1, t))];
}

/** Timeline marks grouped by turn and kind, so a thousand arrivals make a few dozen ticks. */
export interface MarkGroup {
  t: number;
  kind: TimelineMarkKind;
  count: number;
  /** The first few marks' texts, for the tooltip. */
  text: string;
}

export function groupMarks(marks: readonly TimelineMark[], limit = 3): MarkGroup[] {
  const groups = new Map<string, MarkGroup & { texts: string[] }>();
  for (const mark of marks) {
    const key = `${mark.t}:${mark.kind}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { t: mark.t, kind: mark.kind, count: 0, text: '', texts: [] }));
    group.count++;
    if (group.texts.length < limit) group.texts.push(mark.text);
  }
  return [...groups.values()].map(({ texts, ...g }) => ({ ...g, text: texts.join('; ') + (g.count > texts.length ? ` and ${g.count - texts.length} more` : '') }));
}
