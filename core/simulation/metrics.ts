/**
 * The measurements of Silver's experiment (Silver 2005, "Experimental Results"), per agent and per
 * run: success (at the goal at the end, no collision, within the turn limit), path length (turns
 * until the agent first reaches its goal), the no-other-agents lower bound, cycles (each revisit
 * of a cell the agent visited before in the run), waits, initial planning time and the time of
 * every turn.
 */
import type { Grid } from '../grid/grid.ts';
import type { Movement } from '../grid/movement.ts';
import type { AgentTask } from '../mapf/instance.ts';
import { computeClearance } from '../grid/footprint.ts';
import { FewestMoves } from '../search/fewestMoves.ts';

/** Per-agent measurements, one typed array slot per agent. */
export interface AgentMetrics {
  /** 1 when the agent is on its goal at the end and never collided. */
  success: Uint8Array;
  /** Turns until the agent first stood on its goal; -1 if it never did. */
  pathLength: Int32Array;
  /** Turns the agent needs with no other agents (Infinity when the goal is unreachable). */
  lowerBound: Float64Array;
  cycles: Int32Array;
  /** Turns spent standing still off the goal (refused moves included). */
  waits: Int32Array;
  /** Collisions the agent was part of (its refused moves included). */
  collisions: Int32Array;
  /** 'replan' events the controller emitted for the agent. */
  replans: Int32Array;
}

export function newAgentMetrics(n: number): AgentMetrics {
  return {
    success: new Uint8Array(n),
    pathLength: new Int32Array(n).fill(-1),
    lowerBound: new Float64Array(n),
    cycles: new Int32Array(n),
    waits: new Int32Array(n),
    collisions: new Int32Array(n),
    replans: new Int32Array(n),
  };
}

/** Per-run measurements; all times in milliseconds. */
export interface RunMetrics {
  agents: number;
  turns: number;
  successes: number;
  successRate: number;
  /** Mean path length over agents that reached their goal (NaN if none did). */
  meanPathLength: number;
  /** Mean lower bound over the same agents. */
  meanLowerBound: number;
  /**
   * Σ path length / Σ lower bound over agents that reached their goal with a bound > 0 (Silver's
   * Figure 4); NaN when no agent reached its goal, so a run with nothing to measure is not a 1.
   */
  pathRatio: number;
  cyclesPerAgent: number;
  waitsPerAgent: number;
  collisions: number;
  replans: number;
  /** 'priority-override' events: a higher-priority unit took a lower one's reservation (Silver 2006). */
  overrides: number;
  initMs: number;
  maxTurnMs: number;
  meanTurnMs: number;
  /** Search nodes expanded, all searches included (the controller's counter at the end). */
  expanded: number;
  /** Largest reservation-table size seen after any turn. */
  reservationsMax: number;
}

/** Groups of at most this many units sharing a goal ask an A* each; larger ones share one search from the goal. */
const SHARED_GOAL_SEARCH = 4;

/** Cells the lower-bound searches have expanded, over all calls (tests count it). */
export let lowerBoundWork = 0;

/**
 * Each agent's no-other-agents lower bound: its fewest moves from start to goal on the empty map
 * times the turns a move takes (speed); Infinity where it cannot get there. Counted in moves,
 * not in path length: with 8 neighbours a diagonal move takes one turn, though it is sqrt(2)
 * long, so an octile bound would let a unit beat its own lower bound. A unit larger than one cell
 * moves its anchor over cells whose clearance fits it (footprint.ts); diagonal corner rules are
 * checked on the anchor only, which can only make the bound lower, never wrong.
 *
 * Memory stays at a few bytes a cell whatever the number of agents (one Int32
 * table per goal, kept to the end, took 4.1 GB for 1,000 agents on 1024x1024 and 3 GB for one
 * agent on 8192x8192): an A* per agent, or one breadth-first search for a crowd sharing a goal
 * (fewestMoves.ts), with nothing kept between them.
 */
export function lowerBounds(grid: Grid, movement: Movement, agents: readonly AgentTask[], shouldStop?: () => boolean): Float64Array {
  const bounds = new Float64Array(agents.length);
  // Asked between goals: a stop leaves the bounds not computed yet NaN (unknown).
  if (shouldStop !== undefined) bounds.fill(NaN);
  // Keyed goal * 256 + size: sizes are at most MAX_UNIT_SIZE (255).
  const groups = new Map<number, number[]>();
  for (let a = 0; a < agents.length; a++) {
    const key = agents[a].goal * 256 + (agents[a].size ?? 1);
    let group = groups.get(key);
    if (group === undefined) groups.set(key, (group = []));
    group.push(a);
  }
  const search = new FewestMoves(grid, movement);
  let clearance: Uint16Array | null = null;
  for (const [key, group] of groups) {
    if (shouldStop?.() === true) break;
    const goal = Math.floor(key / 256);
    const size = key % 256;
    const fit = size === 1 ? null : { clearance: (clearance ??= computeClearance(grid)), size };
    if (group.length <= SHARED_GOAL_SEARCH) {
      for (const a of group) bounds[a] = search.between(agents[a].start, goal, fit) * (agents[a].speed ?? 1);
    } else {
      const found = search.toGoal(goal, group.map((a) => agents[a].start), fit);
      for (const a of group) bounds[a] = (found.get(agents[a].start) ?? Infinity) * (agents[a].speed ?? 1);
    }
  }
  lowerBoundWork += search.work;
  return bounds;
}

export function summarizeRun(agents: AgentMetrics, turns: number, turnMs: Float64Array, initMs: number, expanded: number, reservationsMax: number, collisions: number): RunMetrics {
  const n = agents.success.length;
  let successes = 0;
  let reached = 0;
  let pathSum = 0;
  let boundSum = 0;
  let ratioPath = 0;
  let ratioBound = 0;
  let cycles = 0;
  let waits = 0;
  let replans = 0;
  for (let a = 0; a < n; a++) {
    successes += agents.success[a];
    cycles += agents.cycles[a];
    waits += agents.waits[a];
    replans += agents.replans[a];
    const length = agents.pathLength[a];
    const bound = agents.lowerBound[a];
    if (length >= 0) {
      reached++;
      pathSum += length;
      boundSum += Number.isFinite(bound) ? bound : 0;
      if (bound > 0 && Number.isFinite(bound)) {
        ratioPath += length;
        ratioBound += bound;
      }
    }
  }
  let maxTurnMs = 0;
  let totalTurnMs = 0;
  for (let t = 0; t < turnMs.length; t++) {
    if (turnMs[t] > maxTurnMs) maxTurnMs = turnMs[t];
    totalTurnMs += turnMs[t];
  }
  return {
    agents: n,
    turns,
    successes,
    successRate: n === 0 ? 1 : successes / n,
    meanPathLength: reached === 0 ? NaN : pathSum / reached,
    meanLowerBound: reached === 0 ? NaN : boundSum / reached,
    pathRatio: ratioBound === 0 ? (reached === 0 ? NaN : 1) : ratioPath / ratioBound,
    cyclesPerAgent: n === 0 ? 0 : cycles / n,
    waitsPerAgent: n === 0 ? 0 : waits / n,
    collisions,
    replans,
    overrides: 0,
    initMs,
    maxTurnMs,
    meanTurnMs: turnMs.length === 0 ? 0 : totalTurnMs / turnMs.length,
    expanded,
    reservationsMax,
  };
}

/** A run's figures by name: the solve result's stats and the command line's JSON both report these. */
export function runFigures(run: RunMetrics): Record<string, number> {
  return {
    successes: run.successes,
    successRate: run.successRate,
    turns: run.turns,
    meanPathLength: run.meanPathLength,
    meanLowerBound: run.meanLowerBound,
    pathRatio: run.pathRatio,
    cyclesPerAgent: run.cyclesPerAgent,
    waitsPerAgent: run.waitsPerAgent,
    collisions: run.collisions,
    replans: run.replans,
    overrides: run.overrides,
    initMs: run.initMs,
    maxTurnMs: run.maxTurnMs,
    meanTurnMs: run.meanTurnMs,
    expanded: run.expanded,
    reservationsMax: run.reservationsMax,
  };
}
