/**
 * WPPL's initial solution: PIBT rolled forward W steps from where the robots stand, each step
 * played on a copy of the world (WPPL, Jiang et al., SoCS 2024, section 4: windowed PIBT or
 * LaCAM2 gives the window's first plan, LNS improves it). Each step is the Start-Kit's PIBT for
 * turning robots (rotationPibt.ts: choose a next cell, turn toward it or move, a move kept only
 * when the cell ahead empties), each robot's cells costed by its goal's distance table, checked
 * by the League's rules (lifelongRun.ts validActions) before it is played: a step that breaks
 * them (none should) becomes a step of waiting, which always holds. Steps the clock leaves no
 * time for are waits too, so the plan is whole and valid whenever the rollout stops.
 */
import { ACTION_CLOCKWISE, ACTION_COUNTER, ACTION_FORWARD, ACTION_WAIT } from '../../../grid/headings.ts';
import type { Random } from '../../../util/random.ts';
import type { GoalDistances } from './goalDistances.ts';
import { validActions } from '../lifelongRun.ts';
import { FAR, type MapGraph } from '../mapGraph.ts';
import { type CellCost, RotationPibt, actionToward } from '../rotationPibt.ts';
import type { WindowPlan } from './windowPlan.ts';

const NONE = -1;

export class PibtRollout implements CellCost {
  private readonly graph: MapGraph;
  private readonly distances: GoalDistances;
  private readonly pibt: RotationPibt;
  private readonly robots: number;
  private readonly locations: Int32Array;
  private readonly headings: Uint8Array;
  private readonly actions: Uint8Array;
  private readonly targets: Int32Array;
  private readonly order: Int32Array;
  private readonly occupied: Int32Array;
  /** The cell each robot is bound for (its goal, or where it stood for a robot without a task). */
  private readonly bound: Int32Array;
  /** Steps rolled that broke the League's rules and were played as waits (none expected). */
  refused = 0;

  constructor(graph: MapGraph, distances: GoalDistances, robots: number) {
    this.graph = graph;
    this.distances = distances;
    this.robots = robots;
    this.pibt = new RotationPibt(graph, robots);
    this.locations = new Int32Array(robots);
    this.headings = new Uint8Array(robots);
    this.actions = new Uint8Array(robots);
    this.targets = new Int32Array(robots);
    this.order = new Int32Array(robots);
    this.occupied = new Int32Array(graph.cells).fill(NONE);
    this.bound = new Int32Array(robots);
  }

  cellCost(robot: number, cell: number): number {
    const d = this.distances.between(cell, this.bound[robot], robot);
    return d === FAR ? FAR : d;
  }

  /**
   * Fills `plan` with W rolled steps from the robots' states, in the order of `priority` (highest
   * first). Returns the steps rolled before `deadline`; the rest of the window is waiting.
   */
  roll(plan: WindowPlan, locations: Int32Array, headings: Uint8Array, goals: Int32Array, priority: Float64Array, random: Random, deadline: number, now: () => number): number {
    const { robots, graph, pibt, order, actions, targets, bound } = this;
    const window = plan.window;
    const here = this.locations;
    const facing = this.headings;
    here.set(locations);
    facing.set(headings);
    for (let r = 0; r < robots; r++) {
      order[r] = r;
      bound[r] = goals[r] >= 0 ? goals[r] : locations[r];
    }
    order.sort((a, b) => priority[b] - priority[a]);
    const { decision, prevDecision, next } = pibt;
    const w = graph.width;
    let rolled = 0;
    let stopped = false;
    for (let t = 0; t <= window; t++) {
      for (let r = 0; r < robots; r++) {
        plan.cell[r * (window + 1) + t] = here[r];
        plan.heading[r * (window + 1) + t] = facing[r];
      }
      if (t === window) break;
      if (stopped || now() >= deadline) {
        actions.fill(ACTION_WAIT);
      } else {
        for (let r = 0; r < robots; r++) {
          prevDecision[here[r]] = r;
          next[r] = NONE;
        }
        let late = false;
        for (let k = 0; k < robots && !late; k++) {
          const r = order[k];
          if (next[r] === NONE) pibt.choose(r, NONE, here, facing, this, random, 0);
          if ((k & 63) === 63) late = now() >= deadline;
        }
        for (let r = 0; r < robots; r++) {
          if (next[r] !== NONE) decision[next[r]] = NONE;
          targets[r] = next[r];
          actions[r] = next[r] === NONE ? ACTION_WAIT : actionToward(w, here[r], facing[r], next[r]);
        }
        if (late) {
          // The step is unfinished: it and the rest of the window become waits.
          actions.fill(ACTION_WAIT);
          stopped = true;
        } else {
          pibt.resetChecks(robots);
          for (let r = 0; r < robots; r++) if (actions[r] === ACTION_FORWARD) pibt.moveCheck(r, actions, targets, 0);
          if (!validActions(graph, here, facing, actions, this.occupied)) {
            this.refused++;
            actions.fill(ACTION_WAIT);
          } else rolled++;
        }
        for (let r = 0; r < robots; r++) prevDecision[here[r]] = NONE;
      }
      for (let r = 0; r < robots; r++) {
        const a = actions[r];
        if (a === ACTION_FORWARD) {
          const h = facing[r];
          here[r] += h === 0 ? 1 : h === 1 ? w : h === 2 ? -1 : -w;
        } else if (a === ACTION_CLOCKWISE) facing[r] = (facing[r] + 1) & 3;
        else if (a === ACTION_COUNTER) facing[r] = (facing[r] + 3) & 3;
      }
    }
    return rolled;
  }
}
