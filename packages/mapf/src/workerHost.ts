/**
 * The worker's side of a planner in a Web Worker: a game's worker script calls
 * `servePlanner(self, [pibt])` with the planner kinds it may be asked for (only those are bundled
 * into the worker), and answers the main thread's workerClient.ts.
 */
import { Grid } from '../../../core/grid/grid.ts';
import { GridMap } from './cells.ts';
import { MapfInputError } from './errors.ts';
import { type Planner, createPlanner } from './planner.ts';
import type { PlannerKind } from './plannerKinds.ts';
import type { FromWorker, ToWorker } from './workerProtocol.ts';

/** The part of a worker's global scope (or a MessagePort) the host uses. */
export interface PlannerPort {
  /** Sends a message to the main thread. */
  postMessage(message: unknown): void;
  /** Receives the main thread's messages. */
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/**
 * Answers a main thread's planner (connectPlanner) on `port`, usually the worker's `self`,
 * with the planner kinds in `kinds`.
 */
export function servePlanner(port: PlannerPort, kinds: readonly PlannerKind[]): void {
  let planner: Planner | null = null;
  // The main thread's ids and the planner's, both ways.
  const mine = new Map<number, number>();
  const theirs: number[] = [];
  const plannerId = (id: number): number => mine.get(id) ?? -1;
  const send = (message: FromWorker): void => port.postMessage(message);
  port.addEventListener('message', (event) => {
    const message = event.data as ToWorker;
    if (message.type === 'create') {
      const kind = kinds.find((k) => k.name === message.kind);
      if (kind === undefined) {
        send({ type: 'failed', id: 0, message: `the worker serves ${kinds.map((k) => k.name).join(', ')}, not '${message.kind}'`, input: true });
        return;
      }
      try {
        const map = new GridMap(new Grid(message.width, message.height, message.passable));
        planner = createPlanner(map, { kind, seed: message.seed, params: message.params, stepBudgetMs: message.stepBudgetMs });
        send({ type: 'created' });
      } catch (error) {
        send({ type: 'failed', id: 0, message: (error as Error).message, input: error instanceof MapfInputError });
      }
      return;
    }
    if (planner === null) {
      send({ type: 'failed', id: message.id, message: 'no planner: the worker was not told the map', input: true });
      return;
    }
    try {
      // Changes apply in order; one refused ends the batch (those after it are not applied).
      for (const command of message.commands) {
        if (command.op === 'add') {
          const id = planner.addUnit(command.start, command.goal);
          mine.set(command.id, id);
          theirs[id] = command.id;
        } else if (command.op === 'remove') planner.removeUnit(plannerId(command.id));
        else planner.setGoal(plannerId(command.id), command.goal);
      }
      const result = planner.step();
      for (const move of result.moves) move.id = theirs[move.id];
      send({ type: 'stepped', id: message.id, result });
    } catch (error) {
      send({ type: 'failed', id: message.id, message: (error as Error).message, input: error instanceof MapfInputError });
    }
  });
}
