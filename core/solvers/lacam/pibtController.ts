/**
 * PIBT as a turn controller (Okumura et al., IJCAI 2019 / AIJ 2022): PIBT plans one timestep at a
 * time, which is exactly a turn of the simulator, so it runs online: every turn it takes the
 * units where they stand, and timed map events simply change the grid its next step reads (its
 * distance tables belong to a version of the grid and are rebuilt, lazily, after a change).
 */
import type { Grid } from '../../grid/grid.ts';
import type { Movement } from '../../grid/movement.ts';
import type { AgentTask } from '../../mapf/instance.ts';
import type { ControllerCounters, ControllerOptions, TurnController, TurnEvent, WorldView } from '../controller.ts';
import { Pibt } from './pibt.ts';
import { checkPibtUnits, readNoParams } from './units.ts';

export class PibtController implements TurnController {
  private readonly agents: readonly AgentTask[];
  private readonly seed: number;
  private pibt: Pibt | null = null;

  constructor(instance: { grid: Grid; movement: Movement; agents: readonly AgentTask[] }, options: ControllerOptions) {
    readNoParams('pibt', options.params);
    checkPibtUnits('pibt', instance.movement, instance.agents);
    this.agents = instance.agents;
    this.seed = options.seed;
  }

  init(world: WorldView): void {
    // Setting up runs every unit's distance table out to its start: the time limit bounds it.
    this.pibt = new Pibt(world.grid, world.positions, this.agents.map((a) => a.goal), this.seed, undefined, { shouldStop: () => world.interrupted?.() === true });
  }

  step(world: WorldView, next: Int32Array, _emit: (event: TurnEvent) => void): void {
    this.pibt!.step(world.positions, next);
  }

  counters(): ControllerCounters {
    // A PIBT call decides one unit's cell: the closest thing it has to a node expanded.
    return { expanded: this.pibt?.calls ?? 0, reservations: 0 };
  }
}

export function createPibtController(instance: { grid: Grid; movement: Movement; agents: readonly AgentTask[] }, options: ControllerOptions): PibtController {
  return new PibtController(instance, options);
}
