/**
 * The turn loop's last stage: what a run records of every turn, the way Silver's experiment
 * measures it (Silver 2005, "Experimental Results"): each unit's cells (the replay), its waits off
 * the goal, its cycles (a revisit of a cell it stood on before), its first arrival, the collisions
 * the move resolver refused, and the controller's events (replans, overrides).
 *
 * In a stream the units grow in number: their measures grow with them (`grow`), and each state is
 * kept as a frame of its own length, packed at the end with ABSENT where a unit was not on the map.
 */
import type { AgentTask } from '../mapf/instance.ts';
import { ABSENT } from '../mapf/plan.ts';
import type { TurnEvent } from '../contract/controller.ts';
import { type Replay, ReplayRecorder } from '../contract/replay.ts';
import { type AgentMetrics, newAgentMetrics } from './metrics.ts';
import type { Collision } from './moveResolver.ts';

export class TurnRecord {
  readonly metrics: AgentMetrics;
  readonly recorder: ReplayRecorder;
  readonly events: TurnEvent[];
  readonly collisions: Collision[] = [];
  overrides = 0;
  /** Cells each unit has stood on, keyed unit * cells + cell: a revisit is a cycle (Silver 2005). */
  private readonly visited = new Set<number>();
  /** Turn at which the controller itself reported a wait for the unit, so it is not logged twice. */
  private waitReported: Int32Array;
  /** A stream's states, one frame each (a batch's go straight into the recorder). */
  private readonly frames: number[][] | null;

  constructor(
    private readonly agents: readonly AgentTask[],
    private readonly cells: number,
    turnLimit: number,
    streaming = false,
  ) {
    const n = agents.length;
    this.metrics = newAgentMetrics(n);
    this.recorder = new ReplayRecorder(n, turnLimit);
    this.events = this.recorder.events;
    this.waitReported = new Int32Array(n).fill(-1);
    this.frames = streaming ? [] : null;
  }

  /** Room for unit a's measures (a stream's new unit), and its first cell in the state now recorded. */
  appeared(a: number, cell: number): void {
    const m = this.metrics;
    if (a >= m.success.length) {
      const size = Math.max(16, m.success.length * 2, a + 1);
      const grow = <T extends Uint8Array | Int32Array | Float64Array>(old: T, fill: number): T => {
        const next = new (old.constructor as new (n: number) => T)(size);
        next.fill(fill);
        next.set(old);
        return next;
      };
      m.success = grow(m.success, 0);
      m.pathLength = grow(m.pathLength, -1);
      m.lowerBound = grow(m.lowerBound, 0);
      m.cycles = grow(m.cycles, 0);
      m.waits = grow(m.waits, 0);
      m.collisions = grow(m.collisions, 0);
      m.replans = grow(m.replans, 0);
      this.waitReported = grow(this.waitReported, -1);
    }
    this.visited.add(a * this.cells + cell);
    if (this.frames !== null && this.frames.length > 0) this.frames[this.frames.length - 1][a] = cell;
  }

  /** The replay of the run (a stream's frames packed, ABSENT where a unit was not on the map); measures cut to the units there were. */
  finish(width: number, height: number): Replay {
    const n = this.agents.length;
    const m = this.metrics;
    if (m.success.length !== n) {
      m.success = m.success.slice(0, n);
      m.pathLength = m.pathLength.slice(0, n);
      m.lowerBound = m.lowerBound.slice(0, n);
      m.cycles = m.cycles.slice(0, n);
      m.waits = m.waits.slice(0, n);
      m.collisions = m.collisions.slice(0, n);
      m.replans = m.replans.slice(0, n);
    }
    const replay = this.recorder.finish(width, height);
    if (this.frames === null) return replay;
    const positions = new Int32Array(this.frames.length * n).fill(ABSENT);
    this.frames.forEach((frame, t) => {
      for (let a = 0; a < frame.length; a++) if (frame[a] !== undefined) positions[t * n + a] = frame[a];
    });
    return { ...replay, agents: n, turns: this.frames.length - 1, positions };
  }

  private recordFrame(positions: Int32Array): void {
    if (this.frames !== null) this.frames.push(Array.from(positions));
    else this.recorder.record(positions);
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
    this.recordFrame(positions);
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
      if (from === ABSENT) continue;
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
    this.recordFrame(positions);
  }
}
