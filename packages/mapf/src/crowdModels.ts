/**
 * The crowd models a game can run every frame without WebAssembly: A* + ORCA (van den Berg et
 * al., ISRR 2011, as RVO2 and Unity's and Godot's avoidance) and flow field + separation (Emerson,
 * Game AI Pro 2013; Reynolds, GDC 1999), as the lab's crowd runs set them up
 * (core/solvers/crowd/). Detour, which needs its WebAssembly, is in crowdDetour.ts so that a game
 * without it does not ship Recast.
 */
import type { ParamSpec } from '../../../core/contract/types.ts';
import type { CrowdRun, CrowdResume } from '../../../core/solvers/crowd/crowdWorld.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import type { SolveResult } from '../../../core/contract/types.ts';
import { FLOW_PARAMS, type SharedFlowFields, flowFieldRun } from '../../../core/solvers/crowd/flowSolver.ts';
import { ORCA_PARAMS, orcaRun } from '../../../core/solvers/crowd/orcaSolver.ts';

/** @internal A model's set-up over the current units (the lab's run), its state kept in `shared`. */
export type CrowdSetUp = (instance: MapfInstance, params: Record<string, unknown>, resume: CrowdResume, shared: CrowdShared) => CrowdRun | SolveResult;

/** @internal What a crowd keeps for its model between set-ups (flow fields, Detour's navmesh), freed with it. */
export interface CrowdShared {
  dispose?: () => void;
}

/** A crowd model: pass one of `orca`, `flowField`, `detour` to createCrowd. */
export interface CrowdModel {
  /** Its name in the lab ('orca', 'flow-field', 'detour'). */
  readonly name: string;
  /** @internal Its own params (the shared disc params come on top). */
  readonly params: readonly ParamSpec[];
  /** @internal */
  readonly setUp: CrowdSetUp;
  /** @internal What must load before its first set-up (Detour's WebAssembly). */
  readonly prepare?: () => Promise<void>;
}

/**
 * A* + ORCA: each unit follows its own any-angle path and ORCA picks the velocity nearest the one
 * it wants that avoids its neighbours and the walls (params timeHorizon, neighbours, margin ...).
 */
export const orca: CrowdModel = { name: 'orca', params: ORCA_PARAMS, setUp: (instance, params, resume) => orcaRun(instance, { params }, resume) };

/**
 * Flow field + separation, the RTS crowd: units with one goal share a field of directions to it,
 * steer aside from predicted collisions and keep apart (params separation, avoidance ...).
 */
export const flowField: CrowdModel = {
  name: 'flow-field',
  params: FLOW_PARAMS,
  setUp: (instance, params, resume, shared: CrowdShared & SharedFlowFields) => flowFieldRun(instance, { params }, resume, shared),
};
