/**
 * The units of a run and where they stand: a fixed set in a batch, a growing one in a stream
 * (units appear during the run and leave it; a unit not on the map stands on ABSENT). Cells are
 * kept in typed arrays with room to grow (doubling), `positions` and `next` being views of the
 * units so far.
 */
import type { AgentTask } from '../mapf/instance.ts';
import { ABSENT } from '../mapf/plan.ts';

export class RunUnits {
  /** Every unit so far, by index (a stream's grows; goals change with errands). */
  readonly agents: AgentTask[];
  /** Each unit's cell now (ABSENT when not on the map). */
  positions: Int32Array;
  /** The moves chosen this turn. */
  next: Int32Array;
  /** The unit on each cell (its anchor), -1 when none. */
  readonly occupancy: Int32Array;
  private positionBuffer: Int32Array;
  private nextBuffer: Int32Array;

  constructor(agents: readonly AgentTask[], cells: number, streaming: boolean) {
    // A stream edits goals and adds units: it gets its own copies, so the caller's instance stays as given.
    this.agents = streaming ? agents.map((a) => ({ ...a })) : (agents as AgentTask[]);
    const n = agents.length;
    this.positionBuffer = new Int32Array(streaming ? Math.max(16, n * 2) : n);
    this.nextBuffer = new Int32Array(this.positionBuffer.length);
    for (let a = 0; a < n; a++) this.positionBuffer[a] = agents[a].start;
    this.positions = this.positionBuffer.subarray(0, n);
    this.next = this.nextBuffer.subarray(0, n);
    this.occupancy = new Int32Array(cells).fill(-1);
    for (let a = 0; a < n; a++) this.occupancy[this.positions[a]] = a;
  }

  get count(): number {
    return this.agents.length;
  }

  /** A new unit standing on task.start; returns its index. */
  add(task: AgentTask): number {
    const a = this.agents.length;
    if (a >= this.positionBuffer.length) {
      const grown = new Int32Array(this.positionBuffer.length * 2);
      grown.set(this.positionBuffer);
      this.positionBuffer = grown;
      this.nextBuffer = new Int32Array(grown.length);
    }
    this.agents.push(task);
    this.positionBuffer[a] = task.start;
    this.positions = this.positionBuffer.subarray(0, a + 1);
    this.next = this.nextBuffer.subarray(0, a + 1);
    this.occupancy[task.start] = a;
    return a;
  }

  /** Unit a leaves the map. */
  remove(a: number): void {
    const cell = this.positions[a];
    if (cell === ABSENT) return;
    if (this.occupancy[cell] === a) this.occupancy[cell] = -1;
    this.positions[a] = ABSENT;
  }

  /** Makes the resolved moves: positions become `next`, the occupancy follows. */
  makeMoves(): void {
    const { positions, next, occupancy } = this;
    for (let a = 0; a < positions.length; a++) if (next[a] !== positions[a] && positions[a] !== ABSENT) occupancy[positions[a]] = -1;
    for (let a = 0; a < positions.length; a++) {
      positions[a] = next[a];
      if (next[a] !== ABSENT) occupancy[next[a]] = a;
    }
  }
}
