/**
 * The continuous-movement params every engine crowd model shares (units as discs: radius in cells,
 * maximum speed in cells per turn, acceleration, a fixed time step), and each model's own, as the
 * app's solver panel offers them (types.ts ParamSpec), read through readParams.
 */
import type { ParamSpec } from '../../contract/types.ts';
import { readParams } from '../../contract/readParams.ts';
import { DEFAULT_STUCK_TURNS } from '../../contract/crowdTrack.ts';

export interface CrowdSettings {
  radius: number;
  maxSpeed: number;
  acceleration: number;
  stepsPerTurn: number;
  /** undefined: the model sets it from its longest path. */
  turnLimit: number | undefined;
  stuckTurns: number;
}

export const CROWD_PARAMS: readonly ParamSpec[] = [
  { name: 'radius', label: 'Unit radius (cells)', kind: 'number', default: 0.3, min: 0.05, max: 0.5, help: 'Units are discs of this radius, in cells' },
  { name: 'maxSpeed', label: 'Maximum speed (cells/turn)', kind: 'number', default: 1, min: 0.05, max: 4, help: 'Fastest a unit moves, in cells per turn' },
  { name: 'acceleration', label: 'Acceleration (cells/turn²)', kind: 'number', default: 4, min: 0.1, max: 1000, help: 'How fast a unit changes its velocity toward the one it wants' },
  { name: 'stepsPerTurn', label: 'Steps per turn', kind: 'number', default: 4, min: 1, max: 32, integer: true, help: 'Fixed simulation steps in one turn (the time step is 1/this turn)' },
  { name: 'turnLimit', label: 'Turn limit', kind: 'number', default: null, min: 1, max: 100000, integer: true, help: 'Turns the run may take; default: twice the longest path at full speed, plus 60' },
  { name: 'stuckTurns', label: 'Stuck after (turns)', kind: 'number', default: DEFAULT_STUCK_TURNS, min: 2, max: 100000, integer: true, help: 'A unit that has not arrived and has not moved a cell\'s distance in this many turns is stuck; the run ends when every unit has arrived or is stuck' },
];

export function readCrowdParams(solver: string, own: readonly ParamSpec[], params: Record<string, unknown>): { settings: CrowdSettings; values: Record<string, unknown> } {
  const values = readParams(solver, [...CROWD_PARAMS, ...own], params);
  return {
    settings: {
      radius: values.radius as number,
      maxSpeed: values.maxSpeed as number,
      acceleration: values.acceleration as number,
      stepsPerTurn: values.stepsPerTurn as number,
      turnLimit: values.turnLimit as number | undefined,
      stuckTurns: values.stuckTurns as number,
    },
    values,
  };
}

/** The default turn limit: twice the longest path at full speed, plus time to start and settle. */
export function defaultTurnLimit(longestPath: number, maxSpeed: number): number {
  return Math.ceil((2 * longestPath) / maxSpeed) + 60;
}
