/**
 * A* + ORCA, the avoidance most engines ship (Unity's and Godot's RVO avoidance, many RTS games):
 * each unit follows its own Theta* path (pathFollowing.ts) and ORCA (orca.ts; van den Berg, Guy,
 * Lin, Manocha 2011, as in RVO2) turns its preferred velocity into one that avoids its nearest
 * neighbours for `timeHorizon` turns and the walls for `obstacleHorizon` turns. Velocities change
 * at once, as in RVO2 (the guarantee of collision-free motion needs the program's velocity, so
 * the acceleration param does not apply to this model).
 */
import type { MapfInstance } from '../../mapf/instance.ts';
import { deadlineOf } from '../../util/clock.ts';
import type { ParamSpec, SolveOptions, SolveResult } from '../types.ts';
import { type CrowdRun, CrowdWorld, runCrowd, setupEnded } from './crowdWorld.ts';
import { NeighbourGrid } from './neighbours.ts';
import { OrcaProgram } from './orca.ts';
import { defaultTurnLimit, readCrowdParams } from './params.ts';
import { PathFollowing } from './pathFollowing.ts';
import { nearbyWallPoints, pushOutOfWalls } from './walls.ts';

export const ORCA_PARAMS: readonly ParamSpec[] = [
  { name: 'timeHorizon', label: 'Time horizon (turns)', kind: 'number', default: 2, min: 0.1, max: 100, help: 'ORCA avoids collisions with other units this many turns ahead' },
  { name: 'obstacleHorizon', label: 'Wall horizon (turns)', kind: 'number', default: 1, min: 0.1, max: 100, help: 'ORCA avoids walls this many turns ahead' },
  { name: 'neighbours', label: 'Neighbours', kind: 'number', default: 10, min: 1, max: 64, integer: true, help: 'Most neighbours a unit avoids (the nearest)' },
  { name: 'margin', label: 'Safety margin (radii)', kind: 'number', default: 0.1, min: 0, max: 2, help: 'ORCA keeps units this share of a radius further apart than touching, so the rare crowded step with no collision-free velocity (the least-violating one is taken) still leaves the discs apart' },
  { name: 'neighbourDist', label: 'Neighbour distance (cells)', kind: 'number', default: 3, min: 0.1, max: 50, help: 'Units farther than this are not avoided' },
];

/** Most wall points a unit takes into its program. */
const MAX_WALL_POINTS = 48;

/** Gives unit a's preferred velocity (what it would do alone) into out. */
export interface PreferredVelocity {
  beginStep(): void;
  preferred(world: CrowdWorld, a: number, out: Float64Array): void;
}

export interface OrcaSettings {
  timeHorizon: number;
  obstacleHorizon: number;
  neighbours: number;
  neighbourDist: number;
  /** Extra gap, in radii, kept between discs. */
  margin: number;
}

/**
 * One ORCA step for every unit of a world: each unit's program from its nearest walls and
 * neighbours, solved for the velocity nearest its preferred one; then every unit moves (all
 * velocities are chosen from the same state, as ORCA's reciprocity assumes).
 */
export class OrcaAvoidance {
  private readonly neighbours: NeighbourGrid;
  private readonly program = new OrcaProgram();
  private readonly walls = new Float64Array(MAX_WALL_POINTS * 3);
  private readonly pref = new Float64Array(2);
  private readonly nvx: Float64Array;
  private readonly nvy: Float64Array;

  constructor(world: CrowdWorld, private readonly orca: OrcaSettings) {
    this.neighbours = new NeighbourGrid(world.grid.width, world.grid.height, world.n, orca.neighbours);
    this.nvx = new Float64Array(world.n);
    this.nvy = new Float64Array(world.n);
  }

  step(w: CrowdWorld, dt: number, intent: PreferredVelocity): void {
    const { n, grid, settings } = w;
    const { program, walls, pref, nvx, nvy, neighbours } = this;
    const r = settings.radius;
    const combined = 2 * r * (1 + this.orca.margin);
    const tau = this.orca.timeHorizon;
    const tauObst = this.orca.obstacleHorizon;
    const wallRange = r + settings.maxSpeed * tauObst;
    intent.beginStep();
    neighbours.rebuild(w.x, w.y, n);
    for (let a = 0; a < n; a++) {
      intent.preferred(w, a, pref);
      program.clear();
      const x = w.x[a];
      const y = w.y[a];
      const k = nearbyWallPoints(grid, x, y, wallRange, walls);
      for (let i = 0; i < k; i++) {
        const d = walls[i * 3 + 2];
        if (d < 1e-9) continue;
        program.addWall((walls[i * 3] - x) / d, (walls[i * 3 + 1] - y) / d, d, r, tauObst, dt);
      }
      const m = neighbours.query(a, w.x, w.y, this.orca.neighbourDist);
      for (let i = 0; i < m; i++) {
        const o = neighbours.found[i];
        program.addNeighbour(w.x[o] - x, w.y[o] - y, w.vx[a] - w.vx[o], w.vy[a] - w.vy[o], combined, tau, dt, w.vx[a], w.vy[a]);
      }
      program.solve(pref[0], pref[1], settings.maxSpeed);
      nvx[a] = program.result[0];
      nvy[a] = program.result[1];
    }
    for (let a = 0; a < n; a++) {
      w.vx[a] = nvx[a];
      w.vy[a] = nvy[a];
      w.x[a] += nvx[a] * dt;
      w.y[a] += nvy[a] * dt;
      pushOutOfWalls(grid, w.x, w.y, a, r);
    }
  }
}

export function solveOrca(instance: MapfInstance, options: SolveOptions): SolveResult {
  const run = orcaRun(instance, options);
  return 'status' in run ? run : runCrowd(run);
}

/** The set-up of an ORCA run (paths, the avoidance), ready to step; a result when set-up ended the run. */
export function orcaRun(instance: MapfInstance, options: SolveOptions): CrowdRun | SolveResult {
  const deadline = deadlineOf(options);
  const { settings, values } = readCrowdParams('orca', ORCA_PARAMS, options.params ?? {});
  const interrupted = () => (options.shouldStop?.() ?? false) || deadline.passed();
  const following = new PathFollowing(instance, interrupted);
  if (!following.complete) return setupEnded('orca', instance, options, deadline, following.unreachable, following.expanded);
  const world = new CrowdWorld(instance, settings);
  const avoidance = new OrcaAvoidance(world, {
    timeHorizon: values.timeHorizon as number,
    obstacleHorizon: values.obstacleHorizon as number,
    neighbours: values.neighbours as number,
    neighbourDist: values.neighbourDist as number,
    margin: values.margin as number,
  });
  return {
    solver: 'orca',
    options,
    world,
    turnLimit: settings.turnLimit ?? defaultTurnLimit(following.longest, settings.maxSpeed),
    step: (w, dt) => avoidance.step(w, dt, following),
    setupMs: deadline.elapsedMs(),
    expanded: following.expanded,
    deadline,
  };
}
