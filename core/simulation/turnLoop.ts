/**
 * The one turn loop every run goes through: the simulator's units (simulator.ts: any turn
 * controller, among doors, moving obstacles and streams) and the League of Robot Runners' turning
 * robots (solvers/lifelong/lifelongRun.ts: tasks revealed and scheduled, a planner under a
 * per-step time limit). A turn is the same short sequence of named stages for every solver and
 * every kind of change, so a new kind of change is one new world stage, not another loop:
 * More on this in README.md, "turnLoop.ts".
 */

/** A change of the world: doors, moving obstacles, streams' arrivals and departures, LoRR's tasks. */
export interface TurnStage {
  /** At the start of turn t (`turnStart` on the loop's clock), before the controller plans. */
  change(t: number, turnStart: number): void;
  /** After the controller chose its moves, before the rules: refuses the moves this change forbids. */
  refuse?(t: number): void;
  /** After the moves of turn t are made. */
  moved?(t: number): void;
}

export interface TurnLoop {
  /** The run's clock, in milliseconds: each turn starts on it. */
  readonly clock: () => number;
  /** The changes of the world, in the order they apply. */
  readonly world: readonly TurnStage[];
  /** Whether turn t is played; false ends the run (its owner notes why). */
  begin(t: number): boolean;
  /**
   * The controller plans turn t, started at `turnStart`. Returns how many whole turns its answer
   * came late (those turns are played as every unit waiting first; 0 on time), or -1 when the run
   * must stop now (the turn is not played).
   */
  plan(t: number, turnStart: number): number;
  /** Turn t was lost to late planning: every unit waited. */
  lost?(t: number): void;
  /** Refuses the moves the run's rules forbid. */
  resolve(t: number): void;
  /** Makes the moves. */
  move(t: number): void;
  /** Records turn t's measures; false ends the run after it. */
  measure(t: number): boolean;
}

/** Plays turns from 0 until `turnLimit` or a stage ends the run; returns the turns played (lost ones included). */
export function playTurns(loop: TurnLoop, turnLimit: number): number {
  const { world } = loop;
  let t = 0;
  while (t < turnLimit) {
    if (!loop.begin(t)) break;
    const turnStart = loop.clock();
    // 1. The world changes.
    for (const stage of world) stage.change(t, turnStart);
    // 2. The controller plans; a late answer costs whole turns of waiting first.
    const late = loop.plan(t, turnStart);
    if (late < 0) break;
    for (let k = 0; k < late && t < turnLimit; k++, t++) loop.lost?.(t);
    if (t >= turnLimit) break;
    // 3. The moves are resolved: what the world forbids, then the rules.
    for (const stage of world) stage.refuse?.(t);
    loop.resolve(t);
    // 4. The moves are made and the world follows them.
    loop.move(t);
    for (const stage of world) stage.moved?.(t);
    // 5. The measures are recorded.
    const goOn = loop.measure(t);
    t++;
    if (!goOn) break;
  }
  return t;
}
