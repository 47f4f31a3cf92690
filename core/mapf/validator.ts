/**
 * The one plan validator. Every solver's output, in tests and in the app, is checked here
 * against one set of conflict rules, and every violation names its rule, agents, time and cell.
 * More on this in README.md, "validator.ts".
 */
import { type MapfInstance } from './instance.ts';
import { ABSENT, type Path, cellAt } from './plan.ts';
import { checkFootprints, hasLargeOrSlowUnits } from './footprintConflicts.ts';
import { HEADING_LETTERS, turningAction } from '../grid/headings.ts';

export interface ConflictRules {
  /** May an agent enter a cell that another agent leaves in the same step? */
  following: boolean;
  /** May three or more agents rotate around a cycle in one step? Needs `following`. */
  rotation: boolean;
}

export const DEFAULT_RULES: ConflictRules = Object.freeze({ following: true, rotation: true });

export type ViolationRule =
  | 'path-count'
  | 'empty-path'
  | 'start'
  | 'goal'
  | 'off-map'
  | 'wall'
  | 'illegal-move'
  | 'vertex'
  | 'swap'
  | 'diagonal-crossing'
  | 'following'
  | 'rotation'
  /** Large or slow units: two units' squares (or a moving unit's held destination) overlap. */
  | 'footprint'
  /** A slow unit moves faster than its speed allows. */
  | 'speed'
  /** A unit on a moving obstacle's cell, or swapping with one (obstacles.ts's obstacleViolations). */
  | 'obstacle'
  /** Turning units: a heading missing or out of 0..3, a move not straight ahead, moving and turning at once, a half turn. */
  | 'turn';

export interface Violation {
  rule: ViolationRule;
  agents: number[];
  /** Time of the state (vertex, wall) or of the step's start (moves). */
  t: number;
  cell: number;
  message: string;
}

export interface ValidationOptions {
  rules?: ConflictRules;
  /** Require every path to end on its agent's goal (false for simulator runs that may fail). */
  requireGoals?: boolean;
  /** Stop after this many violations. */
  maxViolations?: number;
  /**
   * With a turning movement: each agent's heading at each time, as long as its path (0 east,
   * 1 south, 2 west, 3 north, core/grid/headings.ts).
   */
  headings?: readonly ArrayLike<number>[];
}

export interface ValidationResult {
  valid: boolean;
  violations: Violation[];
}

export function validatePlan(instance: MapfInstance, paths: readonly Path[], options: ValidationOptions = {}): ValidationResult {
  const rules = options.rules ?? DEFAULT_RULES;
  const requireGoals = options.requireGoals ?? true;
  const maxViolations = options.maxViolations ?? 100;
  const { grid, movement, agents } = instance;
  const violations: Violation[] = [];
  const where = (cell: number) => `(${grid.x(cell)}, ${grid.y(cell)})`;
  const report = (rule: ViolationRule, agentIds: number[], t: number, cell: number, message: string) => {
    if (violations.length < maxViolations) violations.push({ rule, agents: agentIds, t, cell, message });
  };

  if (paths.length !== agents.length) {
    report('path-count', [], 0, -1, `the plan has ${paths.length} paths for ${agents.length} agents`);
    return { valid: false, violations };
  }

  // Per-path checks: start, goal, cells on the map and free, single legal steps.
  let horizon = 0;
  let pathsSound = true;
  for (let a = 0; a < paths.length; a++) {
    const path = paths[a];
    if (path.length === 0) {
      report('empty-path', [a], 0, -1, `agent ${a + 1} has an empty path`);
      pathsSound = false;
      continue;
    }
    horizon = Math.max(horizon, path.length);
    // A unit of a stream is ABSENT before it appears and after it leaves: its start is its first cell on the map.
    let first = 0;
    while (first < path.length && path[first] === ABSENT) first++;
    let last = path.length - 1;
    while (last > first && path[last] === ABSENT) last--;
    // Absent throughout: a stream's unit outside this stretch of the run.
    if (first === path.length) continue;
    if (path[first] !== agents[a].start) {
      report('start', [a], first, path[first], `agent ${a + 1} starts at ${where(path[first])}, not its start ${where(agents[a].start)}`);
    }
    if (requireGoals && path[path.length - 1] !== agents[a].goal) {
      const last = path[path.length - 1];
      report('goal', [a], path.length - 1, last, `agent ${a + 1} ends at ${where(last)}, not its goal ${where(agents[a].goal)}`);
    }
    for (let t = first; t <= last; t++) {
      const cell = path[t];
      if (cell === ABSENT) {
        report('off-map', [a], t, cell, `agent ${a + 1} leaves the map at t=${t} and comes back`);
        pathsSound = false;
        break;
      }
      if (!Number.isInteger(cell) || cell < 0 || cell >= grid.cells) {
        report('off-map', [a], t, cell, `agent ${a + 1} is off the map at t=${t} (cell ${cell})`);
        pathsSound = false;
        break;
      }
      if (!grid.isFree(cell)) report('wall', [a], t, cell, `agent ${a + 1} is on a wall at ${where(cell)} at t=${t}`);
      if (t > first && path[t - 1] !== cell && !isStep(instance, path[t - 1], cell)) {
        report('illegal-move', [a], t - 1, cell, `agent ${a + 1} jumps from ${where(path[t - 1])} to ${where(cell)} at t=${t - 1}`);
      }
    }
  }
  if (!pathsSound) return { valid: false, violations };
  if (movement.turning) checkHeadings(instance, paths, options.headings, report);

  // Conflicts between agents, one time step at a time, with two occupancy arrays that are
  // reset by touching only the cells written.
  const n = paths.length;
  const occupantNow = new Int32Array(grid.cells).fill(-1);
  const occupantNext = new Int32Array(grid.cells).fill(-1);
  const follows = new Int32Array(n);
  const mark = new Int32Array(n);
  for (let a = 0; a < n; a++) {
    const cell = paths[a][0];
    if (cell === ABSENT) continue;
    if (occupantNow[cell] >= 0) report('vertex', [occupantNow[cell], a], 0, cell, `agents ${occupantNow[cell] + 1} and ${a + 1} are both at ${where(cell)} at t=0`);
    else occupantNow[cell] = a;
  }
  for (let t = 0; t + 1 < horizon; t++) {
    for (let a = 0; a < n; a++) {
      const cell = cellAt(paths[a], t + 1);
      if (cell === ABSENT) continue;
      const other = occupantNext[cell];
      if (other >= 0) report('vertex', [other, a], t + 1, cell, `agents ${other + 1} and ${a + 1} are both at ${where(cell)} at t=${t + 1}`);
      else occupantNext[cell] = a;
    }
    for (let a = 0; a < n; a++) {
      follows[a] = -1;
      const from = cellAt(paths[a], t);
      const to = cellAt(paths[a], t + 1);
      // Appearing and leaving are not moves.
      if (from === to || from === ABSENT || to === ABSENT) continue;
      const b = occupantNow[to]; // the agent that was in the cell a enters
      if (b >= 0 && b !== a) {
        const bTo = cellAt(paths[b], t + 1);
        if (bTo === from) {
          if (a < b) report('swap', [a, b], t, to, `agents ${a + 1} and ${b + 1} swap ${where(from)} and ${where(to)} at t=${t}`);
        } else if (bTo !== to) {
          follows[a] = b;
          if (!rules.following) {
            report('following', [a, b], t, to, `agent ${a + 1} enters ${where(to)} as agent ${b + 1} leaves it at t=${t}`);
          }
        }
      }
      if (movement.connectivity === 8) {
        const fx = grid.x(from);
        const fy = grid.y(from);
        const dx = grid.x(to) - fx;
        const dy = grid.y(to) - fy;
        if (dx !== 0 && dy !== 0) {
          // The crossing diagonal of the same 2x2 block runs between (fx+dx, fy) and (fx, fy+dy).
          const c1 = grid.cell(fx + dx, fy);
          const c2 = grid.cell(fx, fy + dy);
          const b1 = occupantNow[c1];
          if (b1 >= 0 && b1 !== a && cellAt(paths[b1], t + 1) === c2 && a < b1) {
            report('diagonal-crossing', [a, b1], t, to, `agents ${a + 1} and ${b1 + 1} cross diagonally between ${where(from)} and ${where(c1)} at t=${t}`);
          }
          const b2 = occupantNow[c2];
          if (b2 >= 0 && b2 !== a && cellAt(paths[b2], t + 1) === c1 && a < b2) {
            report('diagonal-crossing', [a, b2], t, to, `agents ${a + 1} and ${b2 + 1} cross diagonally between ${where(from)} and ${where(c2)} at t=${t}`);
          }
        }
      }
    }
    if (rules.following && !rules.rotation) reportRotations(t);
    for (let a = 0; a < n; a++) {
      const cell = cellAt(paths[a], t);
      if (cell !== ABSENT) occupantNow[cell] = -1;
    }
    for (let a = 0; a < n; a++) {
      const cell = cellAt(paths[a], t + 1);
      if (cell === ABSENT) continue;
      occupantNow[cell] = occupantNext[cell];
      occupantNext[cell] = -1;
    }
  }

  if (hasLargeOrSlowUnits(instance)) checkFootprints(instance, paths, report);

  return { valid: violations.length === 0, violations };

  // `follows` is a functional graph (each agent follows at most one other); a cycle in it is a
  // rotation. Cycles of two are swaps and were reported as such.
  function reportRotations(t: number): void {
    mark.fill(0);
    for (let start = 0; start < n; start++) {
      if (mark[start] !== 0) continue;
      let a = start;
      while (a >= 0 && mark[a] === 0) {
        mark[a] = start + 1;
        a = follows[a];
      }
      if (a >= 0 && mark[a] === start + 1) {
        const cycle = [a];
        for (let b = follows[a]; b !== a; b = follows[b]) cycle.push(b);
        if (cycle.length >= 3) {
          report('rotation', cycle, t, cellAt(paths[a], t), `agents ${cycle.map((x) => x + 1).join(', ')} rotate in a cycle at t=${t}`);
        }
      }
    }
  }
}

/**
 * Is from -> to one step under the movement rules? Judges geometry and the corner rule only:
 * a step into a wall is reported by the 'wall' rule, not twice.
 */
function isStep(instance: MapfInstance, from: number, to: number): boolean {
  const { grid, movement } = instance;
  const fx = grid.x(from);
  const fy = grid.y(from);
  const dx = grid.x(to) - fx;
  const dy = grid.y(to) - fy;
  if (Math.abs(dx) > 1 || Math.abs(dy) > 1) return false;
  if (dx === 0 || dy === 0) return true;
  if (movement.connectivity === 4) return false;
  return movement.corners === 'cut' || (grid.isFreeXY(fx + dx, fy) && grid.isFreeXY(fx, fy + dy));
}

/** Turning units: every turn is one of forward, clockwise, counter-clockwise or wait. */
function checkHeadings(instance: MapfInstance, paths: readonly Path[], headings: readonly ArrayLike<number>[] | undefined, report: (rule: ViolationRule, agents: number[], t: number, cell: number, message: string) => void): void {
  const { grid } = instance;
  const where = (cell: number) => `(${grid.x(cell)}, ${grid.y(cell)})`;
  if (headings === undefined || headings.length !== paths.length) {
    report('turn', [], 0, -1, `turning units need a heading per agent per turn; the plan has ${headings?.length ?? 0} heading lists for ${paths.length} agents`);
    return;
  }
  for (let a = 0; a < paths.length; a++) {
    const path = paths[a];
    const facing = headings[a];
    if (facing.length !== path.length) {
      report('turn', [a], 0, path[0], `agent ${a + 1} has ${facing.length} headings for a path of ${path.length} states`);
      continue;
    }
    for (let t = 0; t < path.length; t++) {
      const h = facing[t];
      if (!(h === 0 || h === 1 || h === 2 || h === 3)) {
        report('turn', [a], t, path[t], `agent ${a + 1} has heading ${h} at t=${t} (0 east, 1 south, 2 west, 3 north)`);
        break;
      }
      if (t === 0) continue;
      if (turningAction(grid.width, path[t - 1], facing[t - 1], path[t], h) >= 0) continue;
      const from = `${where(path[t - 1])} facing ${HEADING_LETTERS[facing[t - 1]]}`;
      const to = `${where(path[t])} facing ${HEADING_LETTERS[h]}`;
      const why = path[t - 1] === path[t] ? 'a half turn' : facing[t - 1] !== h ? 'moving and turning at once' : 'a move not straight ahead';
      report('turn', [a], t - 1, path[t], `agent ${a + 1} goes from ${from} to ${to} at t=${t - 1}: ${why}`);
    }
  }
}

/** One-line summary for error messages and test failures. */
export function describeViolations(result: ValidationResult, limit = 5): string {
  if (result.valid) return 'valid';
  const lines = result.violations.slice(0, limit).map((v) => `${v.rule}: ${v.message}`);
  if (result.violations.length > limit) lines.push(`… and ${result.violations.length - limit} more`);
  return lines.join('\n');
}
