/**
 * A stream's measures (issue: capacity of a chokepoint; lifelong MAPF's throughput, Li et al.,
 * AAAI 2021): goals reached and exits per turn and per 10 turns, units on the map, each spawner's
 * backlog over time (the designer's "the gate is jammed"), and each unit's time in the system
 * (appearance to exit) as mean, 95th percentile and max.
 */

export interface StreamSpawnerMeasures {
  name: string;
  /** Units it placed on the map. */
  sent: number;
  /** Units due but not placed (no free cell), at the start of each turn after placing. */
  backlog: number[];
  backlogMax: number;
  backlogEnd: number;
}

export interface StreamMeasures {
  /** Per turn t = 0 … turns - 1, counted at its start: goals reached (exits included) and exits. */
  goalsReached: number[];
  exits: number[];
  /** Units on the map at the start of each turn (after arrivals and departures). */
  onMap: number[];
  /** The same sums per 10 turns (the last window may be shorter). */
  goalsPer10: number[];
  exitsPer10: number[];
  /** Goals reached per 10 turns over the run: the delivered throughput. */
  throughput: number;
  exitThroughput: number;
  spawners: StreamSpawnerMeasures[];
  /** Units that appeared (placed ones included) and that left by an exit. */
  appeared: number;
  left: number;
  /** Turns from appearance to exit of the units that left (null: none did). */
  timeInSystem: { mean: number; p95: number; max: number } | null;
  /** Each unit's turn of appearance and of departure (-1: still on the map). */
  appearTurn: number[];
  leaveTurn: number[];
  /** Each unit's spawner (its index), -1 for a placed unit. */
  spawnerOf: number[];
}

export class StreamLog {
  private readonly goals: number[] = [];
  private readonly exitCounts: number[] = [];
  private readonly onMap: number[] = [];
  private readonly backlogs: number[][];
  private readonly sent: number[];
  private readonly appearTurn: number[] = [];
  private readonly leaveTurn: number[] = [];
  private readonly spawnerOf: number[] = [];
  private readonly busy: boolean[] = [];

  constructor(private readonly spawnerNames: readonly string[]) {
    this.backlogs = spawnerNames.map(() => []);
    this.sent = spawnerNames.map(() => 0);
  }

  appear(a: number, t: number, spawner = -1): void {
    this.appearTurn[a] = t;
    this.leaveTurn[a] = -1;
    this.busy[a] = true;
    this.spawnerOf[a] = spawner;
    if (spawner >= 0) this.sent[spawner]++;
  }

  leave(a: number, t: number): void {
    this.leaveTurn[a] = t;
    this.busy[a] = false;
  }

  /** Unit a rests on its final goal. */
  rests(a: number): void {
    this.busy[a] = false;
  }

  /** Unit a has a goal to reach. */
  heads(a: number): void {
    this.busy[a] = true;
  }

  isBusy(a: number): boolean {
    return this.busy[a] === true;
  }

  turn(t: number, reached: number, exits: number, onMap: number, backlog: readonly number[]): void {
    this.goals[t] = reached;
    this.exitCounts[t] = exits;
    this.onMap[t] = onMap;
    backlog.forEach((b, s) => (this.backlogs[s][t] = b));
  }

  summary(turns: number): StreamMeasures {
    const cut = (list: number[]) => Array.from({ length: turns }, (_, t) => list[t] ?? 0);
    const goalsReached = cut(this.goals);
    const exits = cut(this.exitCounts);
    const times: number[] = [];
    for (let a = 0; a < this.appearTurn.length; a++) if (this.leaveTurn[a] >= 0) times.push(this.leaveTurn[a] - this.appearTurn[a]);
    times.sort((x, y) => x - y);
    const sum = (list: number[]) => list.reduce((s, v) => s + v, 0);
    return {
      goalsReached,
      exits,
      onMap: cut(this.onMap),
      goalsPer10: per10(goalsReached),
      exitsPer10: per10(exits),
      throughput: turns > 0 ? (sum(goalsReached) * 10) / turns : 0,
      exitThroughput: turns > 0 ? (sum(exits) * 10) / turns : 0,
      spawners: this.spawnerNames.map((name, s) => {
        const backlog = cut(this.backlogs[s]);
        return { name, sent: this.sent[s], backlog, backlogMax: backlog.reduce((m, v) => Math.max(m, v), 0), backlogEnd: backlog.length > 0 ? backlog[backlog.length - 1] : 0 };
      }),
      appeared: this.appearTurn.length,
      left: times.length,
      timeInSystem: times.length === 0 ? null : { mean: sum(times) / times.length, p95: times[Math.min(times.length - 1, Math.ceil(0.95 * times.length) - 1)], max: times[times.length - 1] },
      appearTurn: this.appearTurn.slice(),
      leaveTurn: this.leaveTurn.slice(),
      spawnerOf: this.spawnerOf.slice(),
    };
  }
}

function per10(list: readonly number[]): number[] {
  const out: number[] = [];
  for (let t = 0; t < list.length; t += 10) {
    let s = 0;
    for (let k = t; k < Math.min(list.length, t + 10); k++) s += list[k];
    out.push(s);
  }
  return out;
}
