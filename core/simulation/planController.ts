/**
 * The offline adapter: a TurnController that plays a precomputed plan (an optimal solver's, or
 * independent shortest paths), so offline solvers go through the same simulator and are measured
 * the same way as the online ones.
 *
 * It follows each path by progress rather than by the clock: when the simulator refuses a move
 * (a door closed, another agent was in the way) the agent retries that move next turn instead of
 * jumping ahead. A delayed agent may then meet others its plan never met; the simulator records
 * those collisions.
 */
import type { Path } from '../mapf/plan.ts';
import type { ControllerCounters, TurnController, WorldView } from '../contract/controller.ts';

export function planController(paths: readonly Path[], expanded = 0): TurnController {
  // progress[a]: index of the plan state the agent has reached; proposed[a]: 1 when last turn
  // asked it to move on to progress[a] + 1 (so a planned wait is not mistaken for arrival).
  let progress = new Int32Array(0);
  let proposed = new Uint8Array(0);
  return {
    init(world: WorldView) {
      progress = new Int32Array(world.agents.length);
      proposed = new Uint8Array(world.agents.length);
    },
    step(world: WorldView, next: Int32Array) {
      for (let a = 0; a < next.length; a++) {
        const path = paths[a];
        if (path === undefined || path.length === 0) continue; // no plan: wait
        let k = progress[a];
        if (proposed[a] === 1 && world.positions[a] === path[k + 1]) k++;
        progress[a] = k;
        proposed[a] = k + 1 < path.length ? 1 : 0;
        next[a] = path[k + 1 < path.length ? k + 1 : k];
      }
    },
    counters(): ControllerCounters {
      return { expanded, reservations: 0 };
    },
  };
}
