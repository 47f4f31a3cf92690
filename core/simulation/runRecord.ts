/**
 * The turn loop's last stage: what a run records of every turn, the way Silver's experiment
 * measures it (seed 001, "Experimental Results"): each unit's cells (the replay), its waits off
 * the goal, its cycles (a revisit of a cell it stood on before), its first arrival, the collisions
 * the move resolver refused, and the controller's events (replans, overrides).
 */
import type { AgentTask } from '../mapf/instance.ts';
import type { TurnEvent } from '../solvers/controller.ts';
import { ReplayRecorder } from '../solvers/replay.ts';
import { type AgentMetrics, newAgentMetrics } from './metrics.ts';
import type { Collision } from './moveResolver.ts';

export class RunRecord {
  readonly metrics: AgentMetrics;
  readonly recorder: ReplayRecorder;
  readonly events: TurnEvent[];
  readonly collisions: Collision[] = [];
  overrides = 0;
  /** Cells each unit has stood on, keyed unit * cells + cell: a revisit is a cycle (seed 001). */
  private readonly visited = new Set<number>();
  /** Turn at which the controller itself reported a wait for the unit, so it is not logged twice. */
  private readonly waitReported: Int32Array;

  constructor(
    private readonly agents: readonly AgentTask[],
    private readonly cells: number,
    turnLimit: number,
  ) {
    const n = agents.length;
    this.metrics = newAgentMetrics(n);
    this.recorder = new ReplayRecorder(n, turnLimit);
    this.events = this.recorder.events;
    this.waitReported = new Int32Array(n).fill(-1);
  }

  /** The controller's events: counted (replans, overrides) and kept for the replay. */
  readonly emit = (event: TurnEvent): void => {
    this.events.push(event);
    if (event.kind === 'priority-override') this.overrides++;
    const n = this.agents.length;
    if (event.agent >= 0 && event.agent < n) {
      if (event.kind === 'replan') this.metrics.replans[event.agent]++;
      else if (event.kind === 'wait') this.waitReported[event.agent] = event.t;
    }
  };

  /** A move the resolver (or a stage of the world) refused. */
  readonly reportCollision = (collision: Collision): void => {
    this.collisions.push(collision);
    for (const a of collision.agents) this.metrics.collisions[a]++;
    const [agent, ...others] = collision.agents;
    this.events.push({ kind: 'collision', t: collision.t, agent, others, cell: collision.cell, detail: collision.rule });
  };

  /** The state at t = 0: every unit's start, and those already home. */
  start(positions: Int32Array): void {
    this.recorder.record(positions);
    for (let a = 0; a < positions.length; a++) {
      this.visited.add(a * this.cells + positions[a]);
      if (positions[a] === this.agents[a].goal) {
        this.metrics.pathLength[a] = 0;
        this.events.push({ kind: 'arrival', t: 0, agent: a, cell: positions[a] });
      }
    }
  }

  /** Turn t's resolved moves, before they are made: waits off the goal and cycles. */
  moves(t: number, positions: Int32Array, next: Int32Array): void {
    const { metrics, cells } = this;
    for (let a = 0; a < positions.length; a++) {
      const from = positions[a];
      const to = next[a];
      if (to === from) {
        if (from !== this.agents[a].goal) {
          metrics.waits[a]++;
          if (this.waitReported[a] !== t) this.events.push({ kind: 'wait', t, agent: a, cell: from });
        }
        continue;
      }
      const key = a * cells + to;
      if (this.visited.has(key)) metrics.cycles[a]++;
      else this.visited.add(key);
    }
  }

  /** The state at t + 1, once the moves are made: first arrivals, and the replay's frame. */
  state(t: number, positions: Int32Array): void {
    const { metrics } = this;
    for (let a = 0; a < positions.length; a++) {
      if (metrics.pathLength[a] < 0 && positions[a] === this.agents[a].goal) {
        metrics.pathLength[a] = t + 1;
        this.events.push({ kind: 'arrival', t: t + 1, agent: a, cell: positions[a] });
      }
    }
    this.recorder.record(positions);
  }
}
