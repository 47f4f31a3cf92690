/**
 * @mapf-lab/core: MAPF Lab's multi-agent pathfinding for games and tools, in the browser and in
 * Node. Maps from text, Moving AI or Tiled; one batch planned at once (solve); units that come
 * and go planned one turn at a time (createPlanner), or moved as a crowd of discs (createCrowd).
 * The README is the guide.
 *
 * @packageDocumentation
 */
export { type Cell, GridMap, type TiledFiles, gridFromMovingAi, gridFromRows, gridFromTiled } from './cells.ts';
export { MapfInputError } from './errors.ts';
export { type AbortFlag, type BatchUnit, type SolveOptions, type SolveProgress, type SolveOutcome, type SolveStatus, solve, solverList } from './solve.ts';
export { type PlannerOptions, type StepResult, type UnitMove, Planner, createPlanner } from './planner.ts';
export { type PlannerKind, pibt, rhcr, whca } from './plannerKinds.ts';
export { type CrowdOptions, type CrowdStepResult, type UnitPosition, Crowd, createCrowd } from './crowd.ts';
export { type CrowdModel, flowField, orca } from './crowdModels.ts';
export { detour } from './crowdDetour.ts';
export { type PlannerPort, servePlanner } from './workerHost.ts';
export { type WorkerLike, type WorkerPlannerOptions, WorkerPlanner, connectPlanner } from './workerClient.ts';
