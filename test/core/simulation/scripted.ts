/** Test controllers: agents that follow fixed scripts of cells, whatever happens around them. */
import type { Grid } from '../../../core/grid/grid.ts';
import type { TurnController, TurnEvent, WorldView } from '../../../core/contract/controller.ts';

/**
 * Agent a asks for scripts[a][t] at turn t ([x, y]); after its script ends it asks to stay.
 * Each turn it also emits a 'replan' event for agents listed in `replanAt[t]`.
 */
export function scriptedController(grid: Grid, scripts: readonly (readonly (readonly [number, number])[])[], replanAt: Record<number, number[]> = {}): TurnController & { mapChanges: number[][] } {
  const mapChanges: number[][] = [];
  return {
    mapChanges,
    init() {},
    step(world: WorldView, next: Int32Array, emit: (event: TurnEvent) => void) {
      for (let a = 0; a < next.length; a++) {
        const move = scripts[a]?.[world.t];
        if (move) next[a] = grid.cell(move[0], move[1]);
      }
      for (const agent of replanAt[world.t] ?? []) emit({ kind: 'replan', t: world.t, agent });
    },
    mapChanged(_world, cells) {
      mapChanges.push([...cells]);
    },
    counters() {
      return { expanded: 7, reservations: 3 };
    },
  };
}
