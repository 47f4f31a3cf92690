/**
 * A* + ORCA, the avoidance most engines ship (Unity's and Godot's RVO avoidance, many RTS games):
 * each unit follows its own Theta* path (pathFollowing.ts) and ORCA (orca.ts; van den Berg, Guy,
 * Lin, Manocha 2011, as in RVO2) turns its preferred velocity into one that avoids its nearest
 * neighbours for `timeHorizon` turns and the walls for `obstacleHorizon` turns. Velocities change
 * at once, as in RVO2 (the guarantee of collision-free motion needs the program's velocity, so
 * the acceleration param does not apply to this model).
 * More on this in README.md, "orcaSolver.ts".
 */
import type { MapfInstance } from '../../mapf/instance.ts';
import type { ParamSpec, SolveOptions, SolveResult } from '../../contract/types.ts';
import type { CrowdResume, CrowdRun, CrowdWorld } from './crowdWorld.ts';
import { CrowdSetup, solveCrowd } from './crowdSetup.ts';
import { NeighbourGrid } from './neighbours.ts';
import { OrcaProgram } from './orca.ts';
import { PathFollowing } from './pathFollowing.ts';
import { nearbyWallPoints, pushOutOfWalls } from './walls.ts';
import { OVERLAP_TOLERANCE } from '../../contract/crowdTrack.ts';

export const ORCA_PARAMS: readonly ParamSpec[] = [
  { name: 'timeHorizon', label: 'Time horizon (turns)', kind: 'number', default: 2, min: 0.1, max: 100, help: 'ORCA avoids collisions with other units this many turns ahead' },
  { name: 'obstacleHorizon', label: 'Wall horizon (turns)', kind: 'number', default: 1, min: 0.1, max: 100, help: 'ORCA avoids walls this many turns ahead' },
  { name: 'neighbours', label: 'Neighbours', kind: 'number', default: 10, min: 1, max: 64, integer: true, help: 'Most neighbours a unit avoids (the nearest)' },
  { name: 'margin', label: 'Safety margin (radii)', kind: 'number', default: 0.1, min: 0, max: 2, help: 'ORCA keeps units this share of a radius further apart than touching, so the rare crowded step with no collision-free velocity (the least-violating one is taken) still leaves the discs apart' },
  { name: 'contacts', label: 'Hard contacts', kind: 'boolean', default: true, help: 'Never steer two discs into each other within a step, even when ORCA\'s half-planes leave no velocity (a crowd pressed against a wall at a chokepoint); off: RVO2\'s plain least-violating velocity' },
  { name: 'neighbourDist', label: 'Neighbour distance (cells)', kind: 'number', default: 3, min: 0.1, max: 50, help: 'Units farther than this are not avoided' },
];

/**
 * How far (radii) the hard contact half-planes let two discs press into each other: just under the
 * lab's overlap tolerance, so a packed crowd can still shuffle (one-lane bridge, door 3 cells wide
 * with 30 units a side: at 0.05 radius 3 of 60 crossed, at 0.09 34 of 60; no overlap counted at either).
 */
const CONTACT_SLACK = 0.9 * OVERLAP_TOLERANCE;
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
  /** Hard contact half-planes (orca.ts addContact) beside the walls. */
  contacts: boolean;
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
  /** Each unit's preferred velocity this step (asked once: the path follower may replan). */
  private readonly pref: Float64Array[];
  private readonly nvx: Float64Array;
  private readonly nvy: Float64Array;
  /** Units whose program this step had no collision-free velocity. */
  private readonly blocked: Uint8Array;

  constructor(world: CrowdWorld, private readonly orca: OrcaSettings) {
    this.neighbours = new NeighbourGrid(world.grid.width, world.grid.height, world.n, orca.neighbours);
    this.nvx = new Float64Array(world.n);
    this.nvy = new Float64Array(world.n);
    this.blocked = new Uint8Array(world.n);
    this.pref = Array.from({ length: world.n }, () => new Float64Array(2));
  }

  step(w: CrowdWorld, dt: number, intent: PreferredVelocity): void {
    const { n, grid } = w;
    const { nvx, nvy, neighbours, blocked } = this;
    intent.beginStep();
    neighbours.rebuild(w.x, w.y, n);
    for (let a = 0; a < n; a++) {
      intent.preferred(w, a, this.pref[a]);
      blocked[a] = this.solveUnit(w, dt, a, false) ? 1 : 0;
    }
    // A unit whose program had no collision-free velocity (pressed between others and a wall at a
    // bridge's mouth) did not take its half of avoiding its neighbours; with half each, the free
    // neighbour closed in by the other half (bridge, 10 units a side: 17 overlaps, deepest 44% of
    // the radius). Its free neighbours take the whole of it, solved again from the same state.
    for (let a = 0; a < n; a++) if (blocked[a] === 0 && this.nextToBlocked(w, a)) this.solveUnit(w, dt, a, true);
    for (let a = 0; a < n; a++) {
      w.vx[a] = nvx[a];
      w.vy[a] = nvy[a];
      w.x[a] += nvx[a] * dt;
      w.y[a] += nvy[a] * dt;
      pushOutOfWalls(grid, w.x, w.y, a, w.radius[a]);
    }
  }

  private nextToBlocked(w: CrowdWorld, a: number): boolean {
    const m = this.neighbours.query(a, w.x, w.y, this.orca.neighbourDist);
    for (let i = 0; i < m; i++) if (this.blocked[this.neighbours.found[i]] !== 0) return true;
    return false;
  }

  /**
   * Unit a's program from its nearest walls and neighbours, solved for the velocity nearest its
   * preferred one into nvx/nvy; true when the neighbours' half-planes left no velocity (the 3D
   * program's least-violating one was taken). `whole`: take all of the avoidance of blocked
   * neighbours. A unit takes half of avoiding a neighbour of its own priority (the paper's
   * reciprocity), a quarter of one below it and three quarters of one above it (RVO2's
   * responsibility made uneven, as Unity's avoidance priority does).
   */
  private solveUnit(w: CrowdWorld, dt: number, a: number, whole: boolean): boolean {
    const { grid } = w;
    const { program, walls, neighbours, blocked } = this;
    const r = w.radius[a];
    const maxSpeed = w.maxSpeed[a];
    const margin = 1 + this.orca.margin;
    const tau = this.orca.timeHorizon;
    const tauObst = this.orca.obstacleHorizon;
    const wallRange = r + maxSpeed * tauObst;
    const pref = this.pref[a];
    const x = w.x[a];
    const y = w.y[a];
    const k = nearbyWallPoints(grid, x, y, wallRange, walls);
    const m = neighbours.query(a, w.x, w.y, this.orca.neighbourDist);
    // ORCA's own program first; only when it leaves no velocity are the contacts added, hard, for
    // the least-violating one (in a queue they would hold a follower to half the gap behind a
    // leader walking away: flow through a 1 m door fell from 0.58 to 0.34 of the pedestrian line).
    let infeasible = false;
    for (let pass = 0; pass < 2; pass++) {
      const contacts = pass === 1;
      program.clear();
      for (let i = 0; i < k; i++) {
        const d = walls[i * 3 + 2];
        if (d < 1e-9) continue;
        program.addWall((walls[i * 3] - x) / d, (walls[i * 3 + 1] - y) / d, d, r, tauObst, dt);
      }
      if (contacts) {
        // Neighbours the unit could touch within this step.
        for (let i = 0; i < m; i++) {
          const o = neighbours.found[i];
          const reach = r + w.radius[o] + (maxSpeed + w.maxSpeed[o]) * dt;
          const d2 = neighbours.foundDistSq[i];
          if (d2 >= reach * reach || d2 < 1e-18) continue;
          const d = Math.sqrt(d2);
          program.addContact((w.x[o] - x) / d, (w.y[o] - y) / d, d, r + w.radius[o] - CONTACT_SLACK * Math.min(r, w.radius[o]), dt);
        }
      }
      for (let i = 0; i < m; i++) {
        const o = neighbours.found[i];
        const share = whole && blocked[o] !== 0 ? 1 : w.priority[a] > w.priority[o] ? 0.25 : w.priority[a] < w.priority[o] ? 0.75 : 0.5;
        program.addNeighbour(w.x[o] - x, w.y[o] - y, w.vx[a] - w.vx[o], w.vy[a] - w.vy[o], (r + w.radius[o]) * margin, tau, dt, w.vx[a], w.vy[a], share);
      }
      infeasible = program.solve(pref[0], pref[1], maxSpeed);
      if (!infeasible || !this.orca.contacts || contacts) break;
    }
    this.nvx[a] = program.result[0];
    this.nvy[a] = program.result[1];
    return infeasible;
  }
}

/** The set-up of an ORCA run (paths, the avoidance), ready to step; a result when set-up ended the run. */
export function orcaRun(instance: MapfInstance, options: SolveOptions, resume?: CrowdResume): CrowdRun | SolveResult {
  const setup = new CrowdSetup('orca', ORCA_PARAMS, instance, options, resume);
  const { values } = setup;
  const following = new PathFollowing(instance, () => setup.interrupted(), resume?.paths);
  setup.expanded = following.expanded;
  if (!following.complete) return setup.ended(following.unreachable);
  const world = setup.world();
  const avoidance = new OrcaAvoidance(world, {
    timeHorizon: values.timeHorizon as number,
    obstacleHorizon: values.obstacleHorizon as number,
    neighbours: values.neighbours as number,
    neighbourDist: values.neighbourDist as number,
    margin: values.margin as number,
    contacts: values.contacts as boolean,
  });
  const run = setup.run(world, following.longest, (w, dt) => avoidance.step(w, dt, following));
  run.pathOf = (a) => following.pathOf(a);
  return run;
}

export const solveOrca = solveCrowd(orcaRun);
