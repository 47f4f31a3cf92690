/**
 * Flow field + separation, the RTS engine's crowd (Emerson, Game AI Pro 2013; Reynolds'
 * separation, "Steering Behaviors For Autonomous Characters", GDC 1999): units heading to one
 * goal share its flow field (flowField.ts) and steer along it, blended bilinearly between the four
 * nearest cell centres so headings turn smoothly; avoidance (Reynolds' unaligned collision
 * avoidance) steers away from the neighbour whose predicted closest approach comes soonest within
 * `avoidHorizon` turns, to the unit's right when it is dead ahead, so two units meeting head on
 * pass instead of pushing; separation pushes each unit away from neighbours closer than
 * `separationRange` radii; the result is reached through the unit's acceleration.
 * Bodies in contact are pushed apart (`contacts`, as RTS engines resolve unit collisions), so
 * what remains as overlap is what the crowd's pressure beats the push with.
 */
import type { MapfInstance } from '../../mapf/instance.ts';
import type { ParamSpec, SolveOptions, SolveResult } from '../../contract/types.ts';
import type { CrowdResume, CrowdRun, CrowdWorld } from './crowdWorld.ts';
import { CrowdSetup, solveCrowd } from './crowdSetup.ts';
import { AT_GOAL, FLOW_X, FLOW_Y, type FlowField, FlowFieldBuilder, NO_FLOW } from './flowField.ts';
import { NeighbourGrid } from './neighbours.ts';
import { pushOutOfWalls } from './walls.ts';

export const FLOW_PARAMS: readonly ParamSpec[] = [
  { name: 'separation', label: 'Separation weight', kind: 'number', default: 1.5, min: 0, max: 100, help: 'How hard units steer away from neighbours that come too close (0: off)' },
  { name: 'separationRange', label: 'Separation range (radii)', kind: 'number', default: 3, min: 2, max: 20, help: 'Neighbours closer than this many radii (centre to centre) push a unit away' },
  { name: 'avoidance', label: 'Avoidance weight', kind: 'number', default: 1, min: 0, max: 100, help: 'How hard units steer aside from a predicted collision (0: off)' },
  { name: 'avoidHorizon', label: 'Avoidance horizon (turns)', kind: 'number', default: 2, min: 0.1, max: 100, help: 'How far ahead units predict collisions' },
  { name: 'contacts', label: 'Push bodies apart', kind: 'boolean', default: true, help: 'Resolve overlapping discs after each step by pushing both apart (units as physical bodies)' },
];

/** Largest total of flow fields (bytes, one a cell a goal) a run may build. */
const FIELD_BUDGET_BYTES = 512 * 1024 * 1024;
const NEIGHBOURS = 10;

/**
 * Flow fields kept from one set-up to the next on the same map (a per-frame crowd set up again when
 * its units change): a goal's field is reused, grown where a unit strays past it, and the set-up
 * leaves here the fields of its own goals only.
 */
export interface SharedFlowFields {
  fields?: Map<number, FlowField>;
}

/**
 * The set-up of a flow-field run (one field per goal), ready to step; a result when set-up ended
 * the run. `resume`: the units' continuous state to start from; `shared`: fields to reuse and keep.
 */
export function flowFieldRun(instance: MapfInstance, options: SolveOptions, resume?: CrowdResume, shared?: SharedFlowFields): CrowdRun | SolveResult {
  const setup = new CrowdSetup('flow-field', FLOW_PARAMS, instance, options, resume);
  const { settings, values } = setup;
  const separation = values.separation as number;
  const sepRadii = values.separationRange as number;
  const contacts = values.contacts as boolean;
  const avoidance = values.avoidance as number;
  const horizon = values.avoidHorizon as number;
  const { grid, agents } = instance;
  const n = agents.length;
  // One field per distinct goal, shared by the units heading there.
  const fieldOf = new Int32Array(n);
  const goals = new Map<number, number[]>();
  for (let a = 0; a < n; a++) {
    const list = goals.get(agents[a].goal);
    if (list) list.push(a);
    else goals.set(agents[a].goal, [a]);
  }
  if (goals.size * grid.cells > FIELD_BUDGET_BYTES) {
    return setup.failed(`${goals.size} goals on a ${grid.width}x${grid.height} map need ${Math.round((goals.size * grid.cells) / 2 ** 20)} MB of flow fields, more than the ${FIELD_BUDGET_BYTES / 2 ** 20} MB allowed`);
  }
  const fields: FlowField[] = [];
  const builder = new FlowFieldBuilder(grid);
  let longest = 0;
  const kept = new Map<number, FlowField>();
  for (const [goal, units] of goals) {
    if (setup.interrupted()) return setup.ended(-1, `building flow fields (${fields.length} of ${goals.size} goals)`);
    const known = shared?.fields?.get(goal);
    if (known !== undefined) {
      // The caller has checked that its units reach the goal; the field grows to them as they move.
      for (const a of units) fieldOf[a] = fields.length;
      fields.push(known);
      kept.set(goal, known);
      continue;
    }
    const built = builder.field(goal, units.map((a) => agents[a].start));
    for (let i = 0; i < units.length; i++) {
      if (!Number.isFinite(built.costs[i])) return setup.ended(units[i]);
      longest = Math.max(longest, built.costs[i]);
      fieldOf[units[i]] = fields.length;
    }
    fields.push(built.field);
    kept.set(goal, built.field);
  }
  if (shared !== undefined) shared.fields = kept;
  setup.expanded = builder.expanded;
  const world = setup.world();
  const maxSpeedAll = world.maxSpeed.reduce((m, v) => Math.max(m, v), settings.maxSpeed);
  const steering = new FlowSteering(world, fields, fieldOf, builder, {
    separation,
    sepRadii,
    avoidance,
    horizon,
    avoidRange: 2 * maxSpeedAll * horizon + 2 * world.largestRadius,
    contacts,
  });
  return setup.run(world, longest, (w, dt) => steering.step(w, dt));
}

/** The steering's weights and ranges, read once from the params. */
interface FlowSteeringSettings {
  separation: number;
  /** Separation range in radii. */
  sepRadii: number;
  avoidance: number;
  /** Avoidance horizon, turns. */
  horizon: number;
  /** Neighbours farther than this (cells) cannot come within the horizon. */
  avoidRange: number;
  contacts: boolean;
}

/**
 * One step of every unit: its field's direction, avoidance and separation, reached through its
 * acceleration. A class, not a closure made per run (docs/performance.md, rule 5).
 */
class FlowSteering {
  private readonly neighbours: NeighbourGrid;
  private readonly arrive = new Float64Array(2);

  constructor(
    world: CrowdWorld,
    private readonly fields: readonly FlowField[],
    private readonly fieldOf: Int32Array,
    private readonly builder: FlowFieldBuilder,
    private readonly settings: FlowSteeringSettings,
  ) {
    this.neighbours = new NeighbourGrid(world.grid.width, world.grid.height, world.n, NEIGHBOURS);
  }

  step(wd: CrowdWorld, dt: number): void {
    const { neighbours, arrive, fields, fieldOf, builder } = this;
    const { separation, sepRadii, avoidance, horizon, avoidRange, contacts } = this.settings;
    const { n, grid } = wd;
    const w = grid.width;
    const h = grid.height;
    neighbours.rebuild(wd.x, wd.y, n);
    for (let a = 0; a < n; a++) {
      const x = wd.x[a];
      const y = wd.y[a];
      const r = wd.radius[a];
      const maxSpeed = wd.maxSpeed[a];
      let wantX = 0;
      let wantY = 0;
      if (wd.cellOf(a) === wd.goal[a]) {
        wd.arriveVelocity(a, arrive);
        wantX = arrive[0];
        wantY = arrive[1];
      } else {
        // Bilinear blend of the four nearest cell centres' flow directions.
        const field = fields[fieldOf[a]];
        const flow = field.flow;
        const fx = x - 0.5;
        const fy = y - 0.5;
        const cx = Math.floor(fx);
        const cy = Math.floor(fy);
        const tx = fx - cx;
        const ty = fy - cy;
        for (let k = 0; k < 4; k++) {
          const px = cx + (k & 1);
          const py = cy + (k >> 1);
          if (px < 0 || py < 0 || px >= w || py >= h) continue;
          const c = py * w + px;
          // A free cell the field has not reached yet (the unit strayed past its margin): grow it there.
          if (flow[c] === NO_FLOW && !field.complete && grid.passable[c] !== 0) builder.grow(field, c);
          const f = flow[c];
          if (f === NO_FLOW) continue;
          const weight = ((k & 1) !== 0 ? tx : 1 - tx) * ((k >> 1) !== 0 ? ty : 1 - ty);
          if (f === AT_GOAL) {
            const gx = wd.gx[a] - x;
            const gy = wd.gy[a] - y;
            const gd = Math.sqrt(gx * gx + gy * gy);
            if (gd > 1e-9) {
              wantX += (weight * gx) / gd;
              wantY += (weight * gy) / gd;
            }
          } else {
            wantX += weight * FLOW_X[f];
            wantY += weight * FLOW_Y[f];
          }
        }
        let len = Math.sqrt(wantX * wantX + wantY * wantY);
        if (len < 1e-6) {
          // The blend cancelled out (a ridge of the field): follow the unit's own cell.
          const f = flow[wd.cellOf(a)];
          wantX = f < 8 ? FLOW_X[f] : 0;
          wantY = f < 8 ? FLOW_Y[f] : 0;
          len = f < 8 ? 1 : 0;
        }
        if (len > 0) {
          wantX = (wantX / len) * maxSpeed;
          wantY = (wantY / len) * maxSpeed;
        }
      }
      if (avoidance > 0) {
        // The neighbour whose closest approach (at current velocities) comes soonest and too close.
        const m = neighbours.query(a, wd.x, wd.y, avoidRange);
        let soonest = horizon;
        let offX = 0;
        let offY = 0;
        let found = false;
        let other = -1;
        for (let i = 0; i < m; i++) {
          const o = neighbours.found[i];
          const rpx = wd.x[o] - x;
          const rpy = wd.y[o] - y;
          const rvx = wd.vx[o] - wd.vx[a];
          const rvy = wd.vy[o] - wd.vy[a];
          const rv2 = rvx * rvx + rvy * rvy;
          if (rv2 < 1e-9) continue;
          const tc = -(rpx * rvx + rpy * rvy) / rv2;
          if (tc <= 0 || tc >= soonest) continue;
          const cx = rpx + rvx * tc;
          const cy = rpy + rvy * tc;
          const reach = (r + wd.radius[o]) * 1.1;
          if (cx * cx + cy * cy >= reach * reach) continue;
          soonest = tc;
          offX = cx;
          offY = cy;
          found = true;
          other = o;
        }
        if (found) {
          let sx = -offX;
          let sy = -offY;
          let sl = Math.sqrt(sx * sx + sy * sy);
          if (sl < 0.05 * r) {
            // Dead ahead: to the unit's right.
            sx = -wantY;
            sy = wantX;
            sl = Math.sqrt(sx * sx + sy * sy);
          }
          if (sl > 1e-9) {
            // A unit of higher priority than the other steers aside half as much (the other, 1.5 times).
            const yields = wd.priority[a] > wd.priority[other] ? 0.5 : wd.priority[a] < wd.priority[other] ? 1.5 : 1;
            const strength = (yields * avoidance * maxSpeed * (1 - soonest / horizon)) / sl;
            wantX += sx * strength;
            wantY += sy * strength;
          }
        }
      }
      if (separation > 0) {
        // A unit of higher priority than a neighbour keeps half as far from it (the other yields).
        const sepRange = sepRadii * r;
        const m = neighbours.query(a, wd.x, wd.y, sepRange);
        for (let i = 0; i < m; i++) {
          const o = neighbours.found[i];
          const d = Math.sqrt(neighbours.foundDistSq[i]);
          if (d < 1e-9 || d >= sepRange) continue;
          const weight = wd.priority[a] > wd.priority[o] ? 0.5 * separation : wd.priority[a] < wd.priority[o] ? 1.5 * separation : separation;
          const touch = r + wd.radius[o];
          const push = (weight * maxSpeed * (sepRange - d)) / (sepRange - touch > 0 ? sepRange - touch : sepRange);
          wantX += ((x - wd.x[o]) / d) * push;
          wantY += ((y - wd.y[o]) / d) * push;
        }
      }
      const speed = Math.sqrt(wantX * wantX + wantY * wantY);
      if (speed > maxSpeed) {
        wantX = (wantX / speed) * maxSpeed;
        wantY = (wantY / speed) * maxSpeed;
      }
      wd.accelerate(a, wantX, wantY, dt);
    }
    for (let a = 0; a < n; a++) {
      wd.x[a] += wd.vx[a] * dt;
      wd.y[a] += wd.vy[a] * dt;
      pushOutOfWalls(grid, wd.x, wd.y, a, wd.radius[a]);
    }
    if (contacts) resolveContacts(wd, neighbours);
  }
}

/** One pass pushing overlapping discs apart, half the overlap each, then out of walls again. */
function resolveContacts(world: CrowdWorld, neighbours: NeighbourGrid): void {
  const { n, x, y, grid, radius } = world;
  neighbours.rebuild(x, y, n);
  for (let a = 0; a < n; a++) {
    const m = neighbours.query(a, x, y, radius[a] + world.largestRadius);
    for (let i = 0; i < m; i++) {
      const o = neighbours.found[i];
      if (o < a) continue;
      const dx = x[o] - x[a];
      const dy = y[o] - y[a];
      const d = Math.sqrt(dx * dx + dy * dy);
      const overlap = radius[a] + radius[o] - d;
      if (overlap <= 0) continue;
      // Coincident centres part along the unit index's parity, deterministically.
      const ux = d > 1e-9 ? dx / d : (a & 1) === 0 ? 1 : -1;
      const uy = d > 1e-9 ? dy / d : 0;
      x[a] -= ux * overlap * 0.5;
      y[a] -= uy * overlap * 0.5;
      x[o] += ux * overlap * 0.5;
      y[o] += uy * overlap * 0.5;
    }
  }
  for (let a = 0; a < n; a++) pushOutOfWalls(grid, x, y, a, radius[a]);
}

export const solveFlowField = solveCrowd(flowFieldRun);
