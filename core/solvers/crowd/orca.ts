/**
 * Optimal Reciprocal Collision Avoidance (J. van den Berg, S. J. Guy, M. Lin, D. Manocha,
 * "Reciprocal n-Body Collision Avoidance", ISRR 2009 / STAR 2011), following the algorithm of
 * their RVO2 library: each neighbour's velocity obstacle (truncated at the time horizon) gives a
 * half-plane of permitted velocities, the unit taking half the responsibility for avoiding it
 * (ORCA_A|B = { v : (v - (v_A + u/2)) . n >= 0 }); the new velocity is the one closest to the
 * preferred velocity inside all half-planes and the max-speed disc (a 2D linear program solved
 * incrementally, linearProgram1/2); when the half-planes leave nothing, the velocity that least
 * violates them, walls kept hard (the 3D program, linearProgram3).
 * More on this in README.md, "orca.ts".
 */

const EPSILON = 1e-5;
/** Floats per line. */
export const LINE = 4;

function det(ax: number, ay: number, bx: number, by: number): number {
  return ax * by - ay * bx;
}

/**
 * Scratch memory for one unit's program, reused every step: the lines, the 3D program's
 * projected lines, and the result.
 */
export class OrcaProgram {
  lines: Float64Array;
  count = 0;
  /** Lines [0, obstacleLines) are walls: hard in linearProgram3. */
  obstacleLines = 0;
  projected: Float64Array;
  readonly result = new Float64Array(2);

  constructor(capacity = 64) {
    this.lines = new Float64Array(capacity * LINE);
    this.projected = new Float64Array(capacity * LINE);
  }

  clear(): void {
    this.count = 0;
    this.obstacleLines = 0;
  }

  add(px: number, py: number, dx: number, dy: number): void {
    if ((this.count + 1) * LINE > this.lines.length) {
      const grown = new Float64Array(this.lines.length * 2);
      grown.set(this.lines);
      this.lines = grown;
      this.projected = new Float64Array(grown.length);
    }
    const i = this.count * LINE;
    this.lines[i] = px;
    this.lines[i + 1] = py;
    this.lines[i + 2] = dx;
    this.lines[i + 3] = dy;
    this.count++;
  }

  /**
   * The wall half-plane for a wall point at distance d along unit normal (nx, ny): v . n <= (d - r) / tau,
   * with tau the obstacle horizon, or the step when the disc already overlaps it (leave within a step).
   */
  addWall(nx: number, ny: number, d: number, radius: number, tauObst: number, dt: number): void {
    const c = d > radius ? (d - radius) / tauObst : (d - radius) / dt;
    // Left of (-ny, nx) is { v : n . v <= c }.
    this.add(nx * c, ny * c, -ny, nx);
    this.obstacleLines = this.count;
  }

  /**
   * The contact half-plane of a neighbour at distance d along unit normal (nx, ny): this unit's
   * half of keeping the discs from touching by the end of the step, v . n <= max(0, d - touch) / 2 / dt.
   * Kept hard like the walls: standing still always satisfies it, so the 3D program's
   * least-violating velocity, taken when the ORCA half-planes leave nothing, never drives discs
   * into each other.
   */
  addContact(nx: number, ny: number, d: number, touch: number, dt: number): void {
    const c = (d > touch ? (d - touch) * 0.5 : 0) / dt;
    this.add(nx * c, ny * c, -ny, nx);
    this.obstacleLines = this.count;
  }

  /**
   * The ORCA half-plane of a unit at relative position (rx, ry) = p_B - p_A with relative velocity
   * (wvx, wvy) = v_A - v_B, combined radius `combined`, horizon tau; `velocity` is v_A. Follows
   * the three cases of the paper: projection on the cut-off circle, on a leg, or (when the discs
   * already overlap) on the cut-off circle of one time step. `share` is the part of the avoidance
   * this unit takes: half (the paper's reciprocity), or all of it when the other cannot move.
   */
  addNeighbour(rx: number, ry: number, wvx: number, wvy: number, combined: number, tau: number, dt: number, vx: number, vy: number, share = 0.5): void {
    const distSq = rx * rx + ry * ry;
    const combinedSq = combined * combined;
    let dirX: number;
    let dirY: number;
    let ux: number;
    let uy: number;
    if (distSq > combinedSq) {
      const invTau = 1 / tau;
      // w: from the cut-off circle's centre to the relative velocity.
      const wx = wvx - invTau * rx;
      const wy = wvy - invTau * ry;
      const wLenSq = wx * wx + wy * wy;
      const dot1 = wx * rx + wy * ry;
      if (dot1 < 0 && dot1 * dot1 > combinedSq * wLenSq) {
        // Nearest boundary point is on the cut-off circle.
        const wLen = Math.sqrt(wLenSq);
        const unitX = wx / wLen;
        const unitY = wy / wLen;
        dirX = unitY;
        dirY = -unitX;
        const s = combined * invTau - wLen;
        ux = s * unitX;
        uy = s * unitY;
      } else {
        // Nearest boundary point is on a leg of the cone.
        const leg = Math.sqrt(distSq - combinedSq);
        if (det(rx, ry, wx, wy) > 0) {
          dirX = (rx * leg - ry * combined) / distSq;
          dirY = (rx * combined + ry * leg) / distSq;
        } else {
          dirX = -(rx * leg + ry * combined) / distSq;
          dirY = -(-rx * combined + ry * leg) / distSq;
        }
        const dot2 = wvx * dirX + wvy * dirY;
        ux = dot2 * dirX - wvx;
        uy = dot2 * dirY - wvy;
      }
    } else {
      // Already overlapping: push apart within one step.
      const invDt = 1 / dt;
      const wx = wvx - invDt * rx;
      const wy = wvy - invDt * ry;
      const wLen = Math.sqrt(wx * wx + wy * wy);
      const unitX = wLen > 0 ? wx / wLen : 1;
      const unitY = wLen > 0 ? wy / wLen : 0;
      dirX = unitY;
      dirY = -unitX;
      const s = combined * invDt - wLen;
      ux = s * unitX;
      uy = s * unitY;
    }
    this.add(vx + share * ux, vy + share * uy, dirX, dirY);
  }

  /**
   * Solves for the velocity nearest (prefX, prefY) with speed at most maxSpeed, into result; true
   * when the half-planes left no velocity and the least-violating one was taken.
   */
  solve(prefX: number, prefY: number, maxSpeed: number): boolean {
    const failed = linearProgram2(this.lines, this.count, maxSpeed, prefX, prefY, false, this.result);
    if (failed < this.count) linearProgram3(this, failed, maxSpeed);
    return failed < this.count;
  }
}

/**
 * The best point on line `lineNo` subject to lines [0, lineNo) and the disc of `radius`: closest
 * to (optX, optY), or furthest along it when directionOpt. False when the line is infeasible.
 */
export function linearProgram1(lines: Float64Array, lineNo: number, radius: number, optX: number, optY: number, directionOpt: boolean, result: Float64Array): boolean {
  const o = lineNo * LINE;
  const px = lines[o];
  const py = lines[o + 1];
  const dx = lines[o + 2];
  const dy = lines[o + 3];
  const dot = px * dx + py * dy;
  const discriminant = dot * dot + radius * radius - (px * px + py * py);
  // The max-speed disc misses the line entirely.
  if (discriminant < 0) return false;
  const root = Math.sqrt(discriminant);
  let tLeft = -dot - root;
  let tRight = -dot + root;
  for (let i = 0; i < lineNo; i++) {
    const q = i * LINE;
    const denominator = det(dx, dy, lines[q + 2], lines[q + 3]);
    const numerator = det(lines[q + 2], lines[q + 3], px - lines[q], py - lines[q + 1]);
    if (Math.abs(denominator) <= EPSILON) {
      // Parallel lines: either line i admits all of this one or none of it.
      if (numerator < 0) return false;
      continue;
    }
    const t = numerator / denominator;
    if (denominator >= 0) tRight = Math.min(tRight, t);
    else tLeft = Math.max(tLeft, t);
    if (tLeft > tRight) return false;
  }
  let t: number;
  if (directionOpt) {
    t = optX * dx + optY * dy > 0 ? tRight : tLeft;
  } else {
    t = dx * (optX - px) + dy * (optY - py);
    if (t < tLeft) t = tLeft;
    else if (t > tRight) t = tRight;
  }
  result[0] = px + t * dx;
  result[1] = py + t * dy;
  return true;
}

/**
 * The velocity closest to (optX, optY) (or furthest along it, directionOpt, with opt a unit
 * vector) in the disc of `radius` and on the left of every line, adding lines one at a time
 * (Seidel's incremental algorithm). Returns the number of lines when it succeeds, else the index
 * of the line it could not satisfy, leaving result as it stood before that line.
 */
export function linearProgram2(lines: Float64Array, count: number, radius: number, optX: number, optY: number, directionOpt: boolean, result: Float64Array): number {
  if (directionOpt) {
    result[0] = optX * radius;
    result[1] = optY * radius;
  } else if (optX * optX + optY * optY > radius * radius) {
    const len = Math.sqrt(optX * optX + optY * optY);
    result[0] = (optX / len) * radius;
    result[1] = (optY / len) * radius;
  } else {
    result[0] = optX;
    result[1] = optY;
  }
  for (let i = 0; i < count; i++) {
    const o = i * LINE;
    if (det(lines[o + 2], lines[o + 3], lines[o] - result[0], lines[o + 1] - result[1]) > 0) {
      const keepX = result[0];
      const keepY = result[1];
      if (!linearProgram1(lines, i, radius, optX, optY, directionOpt, result)) {
        result[0] = keepX;
        result[1] = keepY;
        return i;
      }
    }
  }
  return count;
}

/**
 * When the 2D program is infeasible (a dense crowd), the velocity minimising the largest
 * violation of the neighbour lines, the wall lines kept hard: for each violated line, a 2D program
 * on the lines projected onto it, optimising in the direction perpendicular to it (RVO2's
 * linearProgram3, a 3D program solved as a sequence of 2D ones).
 */
export function linearProgram3(program: OrcaProgram, beginLine: number, radius: number): void {
  const { lines, count, obstacleLines, result } = program;
  let distance = 0;
  for (let i = beginLine; i < count; i++) {
    const o = i * LINE;
    const ipx = lines[o];
    const ipy = lines[o + 1];
    const idx = lines[o + 2];
    const idy = lines[o + 3];
    if (det(idx, idy, ipx - result[0], ipy - result[1]) <= distance) continue;
    // Walls stay as they are; every other earlier line becomes the bisector of it and line i.
    const projected = program.projected;
    projected.set(lines.subarray(0, obstacleLines * LINE));
    let n = obstacleLines;
    for (let j = obstacleLines; j < i; j++) {
      const q = j * LINE;
      const jdx = lines[q + 2];
      const jdy = lines[q + 3];
      const determinant = det(idx, idy, jdx, jdy);
      let pointX: number;
      let pointY: number;
      if (Math.abs(determinant) <= EPSILON) {
        // Parallel: same direction adds nothing; opposite, the midline.
        if (idx * jdx + idy * jdy > 0) continue;
        pointX = 0.5 * (ipx + lines[q]);
        pointY = 0.5 * (ipy + lines[q + 1]);
      } else {
        const s = det(jdx, jdy, ipx - lines[q], ipy - lines[q + 1]) / determinant;
        pointX = ipx + s * idx;
        pointY = ipy + s * idy;
      }
      let dirX = jdx - idx;
      let dirY = jdy - idy;
      const len = Math.sqrt(dirX * dirX + dirY * dirY);
      dirX /= len;
      dirY /= len;
      const p = n * LINE;
      projected[p] = pointX;
      projected[p + 1] = pointY;
      projected[p + 2] = dirX;
      projected[p + 3] = dirY;
      n++;
    }
    const keepX = result[0];
    const keepY = result[1];
    // Rounding can make this fail; the result then stays as it was (it was already optimal).
    if (linearProgram2(projected, n, radius, -idy, idx, true, result) < n) {
      result[0] = keepX;
      result[1] = keepY;
    }
    distance = det(idx, idy, ipx - result[0], ipy - result[1]);
  }
}
