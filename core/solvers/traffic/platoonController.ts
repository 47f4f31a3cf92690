/**
 * A traffic rule as a controller: the lane's direction alternates in platoons of k, as traffic
 * lights run a one-lane bridge (core/planning/laneRule.ts: about k / (L + k) units a turn over a
 * lane of L cells), every unit moving by PIBT (Okumura et al. 2019) under the rule. It measures
 * what the level's lane carries when traffic is managed, the queues' real arrivals and the banks'
 * congestion included, beside the formula: the capacity sweep runs it next to the solvers. The
 * lane is the map's longest one-cell-wide corridor (core/planning/lane.ts). Param `platoon` k
 * (default: the lane's length).
 */
import type { Grid } from '../../grid/grid.ts';
import type { Movement } from '../../grid/movement.ts';
import type { AgentTask } from '../../mapf/instance.ts';
import type { ControllerCounters, ControllerOptions, TurnController, TurnEvent, WorldView } from '../../contract/controller.ts';
import { findLane } from '../../planning/lane.ts';
import { readParams } from '../../contract/readParams.ts';
import { StallRescue } from '../../planning/stallRescue.ts';
import type { ParamSpec } from '../../contract/types.ts';

export { platoonFormula } from '../../planning/laneRule.ts';

export const PLATOON_PARAMS: readonly ParamSpec[] = [
  { name: 'platoon', label: 'Platoon k', help: 'Units let onto the lane from one end before its direction turns (default: the lane\'s length).', kind: 'number', default: null, min: 1, max: 100000, integer: true },
];

export class PlatoonController implements TurnController {
  private readonly seed: number;
  private readonly platoon: number;
  private motion: StallRescue | null = null;

  constructor(instance: { grid: Grid; movement: Movement; agents: readonly AgentTask[] }, options: ControllerOptions) {
    const values = readParams('platoons', PLATOON_PARAMS, options.params ?? {});
    if (instance.movement.connectivity !== 4) throw new RangeError('platoons: moves units on 4-connected grids (PIBT\'s setting)');
    const lane = findLane(instance.grid);
    if (lane === null) throw new RangeError('platoons: the map has no one-lane corridor (a run of cells one cell wide) to govern');
    this.platoon = (values.platoon as number | undefined) ?? lane.cells.length;
    this.seed = options.seed;
  }

  /** Phases the lane's light ran (how often the direction turned, plus one). */
  get phases(): number {
    return this.motion?.rule?.phases ?? 1;
  }

  init(world: WorldView): void {
    this.motion = new StallRescue(world.grid, this.seed, Infinity, this.platoon);
  }

  unitsChanged(): void {}

  step(world: WorldView, next: Int32Array, _emit: (event: TurnEvent) => void): void {
    this.motion!.step(world.t, world.positions, world.agents, next);
  }

  counters(): ControllerCounters {
    return { expanded: this.motion?.calls ?? 0, reservations: 0 };
  }
}

export function createPlatoonController(instance: { grid: Grid; movement: Movement; agents: readonly AgentTask[] }, options: ControllerOptions): PlatoonController {
  return new PlatoonController(instance, options);
}
