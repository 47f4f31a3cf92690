/**
 * Units, their goals and trails on the dynamic layer, drawn in batches: one path per colour for
 * the discs (and one for the goals' squares, one for the trails), one path for every red ring
 * of a unit off its goal. A canvas call per shape and a save/restore per ring cost 256 ms a frame
 * for 10,000 units on Berlin_1_256 at the fitted zoom; a fill per colour costs what the pixels do.
 * Units of one colour overlap within their own path, which a nonzero fill draws once: the same
 * picture, as the discs are opaque; translucent trails of one colour no longer darken where they
 * cross each other.
 */
import type { ScenarioAgent } from '../../../core/scenario/schema.ts';
import { ABSENT } from '../../../core/mapf/plan.ts';
import type { CrowdTrack } from '../../../core/contract/crowdTrack.ts';
import { cellAtTurn } from '../replay/analysis.ts';
import { crowdPositionAt, positionAt, positionInto } from '../replay/position.ts';
import type { Viewport } from './viewport.ts';
import { drawHeadingWedge } from './drawHeadings.ts';
import { headingAngleAt } from '../replay/headingAngle.ts';
import { PIXEL_UNITS_MIN, drawUnitPixels, drawsAsPixels } from './drawUnitPixels.ts';

/** Units grouped by colour: `order[starts[k]..starts[k + 1])` are the units of `colours[k]`. */
interface ColourGroups {
  colours: string[];
  starts: Int32Array;
  order: Int32Array;
}

// The units array is replaced, never edited in place (document.ts): its groups are kept with it.
const groupsOf = new WeakMap<readonly ScenarioAgent[], ColourGroups>();

export function colourGroups(agents: readonly ScenarioAgent[]): ColourGroups {
  let groups = groupsOf.get(agents);
  if (groups) return groups;
  const byColour = new Map<string, number[]>();
  for (let i = 0; i < agents.length; i++) {
    const list = byColour.get(agents[i].colour);
    if (list) list.push(i);
    else byColour.set(agents[i].colour, [i]);
  }
  const colours = [...byColour.keys()];
  const starts = new Int32Array(colours.length + 1);
  const order = new Int32Array(agents.length);
  let at = 0;
  colours.forEach((colour, k) => {
    starts[k] = at;
    for (const i of byColour.get(colour)!) order[at++] = i;
  });
  starts[colours.length] = at;
  groups = { colours, starts, order };
  groupsOf.set(agents, groups);
  return groups;
}

export interface UnitsScene {
  agents: readonly ScenarioAgent[];
  view: Viewport;
  width: number;
  /** The plan's paths, or null: units at their starts. */
  paths: readonly (readonly number[])[] | null;
  crowd?: CrowdTrack;
  t: number;
  radius: number;
  selection: ReadonlySet<string>;
  showNumbers: boolean;
  /** A turning run's facing per unit per turn (LoRR's robots): a wedge on each disc, and no off-goal rings (they have no fixed goal). */
  headings?: readonly ArrayLike<number>[];
}

/** Where unit i is drawn at turn t (page px), written to `out`; false when it is off the map. */
function unitPoint(scene: UnitsScene, i: number, out: Float64Array): boolean {
  const { agents, view, paths, crowd, t, width } = scene;
  const agent = agents[i];
  const path = paths?.[i];
  let x: number;
  let y: number;
  // Not drawn while off the map (a stream's unit before it appears or after it leaves).
  if (path && path.length > 0 && cellAtTurn(path, Math.floor(t)) === ABSENT) return false;
  if (crowd && i < crowd.agents) {
    [x, y] = crowdPositionAt(crowd, i, t);
  } else if (path && path.length > 0) {
    [x, y] = positionAt(path, t, width, agent.size);
  } else {
    x = agent.start[0] + agent.size / 2;
    y = agent.start[1] + agent.size / 2;
  }
  out[0] = view.offsetX + x * view.cellSize;
  out[1] = view.offsetY + y * view.cellSize;
  return true;
}

/**
 * unitPoint for every unit into xy (2 per unit, page px; NaN where a unit is not drawn), without
 * an array per unit: the positions of 10,000 units one by one took 1.2 ms of a frame.
 */
function unitPoints(scene: UnitsScene, xy: Float64Array): void {
  const { agents, view, paths, crowd, t, width } = scene;
  const turn = Math.floor(t);
  const s = view.cellSize;
  for (let i = 0; i < agents.length; i++) {
    const agent = agents[i];
    const path = paths?.[i];
    const at = 2 * i;
    if (path && path.length > 0 && cellAtTurn(path, turn) === ABSENT) {
      xy[at] = NaN;
      continue;
    }
    if (crowd && i < crowd.agents) {
      const [x, y] = crowdPositionAt(crowd, i, t);
      xy[at] = x;
      xy[at + 1] = y;
    } else if (path && path.length > 0) {
      positionInto(path, t, width, agent.size, xy, at);
    } else {
      xy[at] = agent.start[0] + agent.size / 2;
      xy[at + 1] = agent.start[1] + agent.size / 2;
    }
    xy[at] = view.offsetX + xy[at] * s;
    xy[at + 1] = view.offsetY + xy[at + 1] * s;
  }
}

let pointBuffer = new Float64Array(0);

/** Goals: outlined squares, one stroke per colour. */
export function drawGoals(context: CanvasRenderingContext2D, agents: readonly ScenarioAgent[], view: Viewport): void {
  const { cellSize: s, offsetX: ox, offsetY: oy } = view;
  const { colours, starts, order } = colourGroups(agents);
  context.lineWidth = Math.max(1, s * 0.1);
  const inset = s * 0.18;
  for (let k = 0; k < colours.length; k++) {
    context.strokeStyle = colours[k];
    context.beginPath();
    for (let j = starts[k]; j < starts[k + 1]; j++) {
      const agent = agents[order[j]];
      // A stream's unit bound for an exit has no goal cell of its own (its exit area is outlined).
      if (agent.goal[0] < 0) continue;
      context.rect(ox + agent.goal[0] * s + inset, oy + agent.goal[1] * s + inset, agent.size * s - 2 * inset, agent.size * s - 2 * inset);
    }
    context.stroke();
  }
}

/**
 * Units: filled discs, then a red dashed ring round each unit the plan leaves off its goal (at
 * every turn: failures in plain sight), a dark ring round the selected, and numbers when the
 * cells are large enough to read them.
 */
export function drawUnits(context: CanvasRenderingContext2D, scene: UnitsScene): void {
  const { agents, view, paths, width, radius } = scene;
  const s = view.cellSize;
  const { colours, starts, order } = colourGroups(agents);
  const at = new Float64Array(2);
  // Thousands of discs a few pixels wide: stamped as pixels, one image for all (drawUnitPixels.ts).
  const pixels = agents.length >= PIXEL_UNITS_MIN && drawsAsPixels(agents.length, radius, context.getTransform().a);
  if (pixels) {
    if (pointBuffer.length < 2 * agents.length) pointBuffer = new Float64Array(2 * agents.length);
    unitPoints(scene, pointBuffer);
    drawUnitPixels(context, {
      count: agents.length,
      points: pointBuffer,
      colour: (i) => agents[i].colour,
      radius: (i) => radius * agents[i].size,
      headings: scene.headings,
      t: scene.t,
      colourKey: agents,
    });
  }
  for (let k = 0; k < colours.length && !pixels; k++) {
    context.fillStyle = colours[k];
    context.beginPath();
    for (let j = starts[k]; j < starts[k + 1]; j++) {
      const i = order[j];
      if (!unitPoint(scene, i, at)) continue;
      const r = radius * agents[i].size;
      context.moveTo(at[0] + r, at[1]);
      context.arc(at[0], at[1], r, 0, Math.PI * 2);
    }
    context.fill();
  }
  if (scene.headings) {
    for (let i = 0; i < agents.length && !pixels; i++) {
      if (unitPoint(scene, i, at)) drawHeadingWedge(context, at[0], at[1], radius * agents[i].size, headingAngleAt(scene.headings[i], scene.t));
    }
  } else if (paths) {
    context.save();
    context.strokeStyle = '#e5383b';
    context.lineWidth = Math.max(1.5, s * 0.1);
    context.setLineDash([Math.max(2, s * 0.15), Math.max(2, s * 0.1)]);
    context.beginPath();
    let rings = 0;
    for (let i = 0; i < agents.length; i++) {
      const path = paths[i];
      if (!path || path.length === 0) continue;
      const end = path[path.length - 1];
      const agent = agents[i];
      if (end === ABSENT || end === agent.goal[1] * width + agent.goal[0]) continue;
      if (!unitPoint(scene, i, at)) continue;
      const r = radius * agent.size + Math.max(3, s * 0.16);
      context.moveTo(at[0] + r, at[1]);
      context.arc(at[0], at[1], r, 0, Math.PI * 2);
      rings++;
    }
    if (rings > 0) context.stroke();
    context.restore();
  }
  if (scene.selection.size > 0) {
    context.strokeStyle = '#111318';
    context.lineWidth = Math.max(1.5, s * 0.08);
    context.beginPath();
    for (let i = 0; i < agents.length; i++) {
      if (!scene.selection.has(agents[i].id) || !unitPoint(scene, i, at)) continue;
      const r = radius * agents[i].size + Math.max(2, s * 0.1);
      context.moveTo(at[0] + r, at[1]);
      context.arc(at[0], at[1], r, 0, Math.PI * 2);
    }
    context.stroke();
  }
  if (scene.showNumbers) {
    context.font = `600 ${Math.round(s * 0.38)}px system-ui, sans-serif`;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillStyle = '#ffffff';
    // A turning unit's wedge is near-white and lies under the number: the digits get a dark rim, or
    // white on the wedge they could not be read.
    const rimmed = scene.headings !== undefined;
    if (rimmed) {
      context.strokeStyle = 'rgba(17, 19, 24, 0.9)';
      context.lineWidth = Math.max(2, s * 0.09);
      context.lineJoin = 'round';
    }
    for (let i = 0; i < agents.length; i++) {
      if (!unitPoint(scene, i, at)) continue;
      if (rimmed) context.strokeText(String(i + 1), at[0], at[1] + 0.5);
      context.fillText(String(i + 1), at[0], at[1] + 0.5);
    }
  }
}

/** The last `turns` turns walked, wide and translucent behind each unit, one stroke per colour. */
export function drawTrails(context: CanvasRenderingContext2D, scene: UnitsScene, turns: number): void {
  const { agents, view, paths, crowd, t, width } = scene;
  if (!paths || t <= 0) return;
  const { cellSize: s, offsetX: ox, offsetY: oy } = view;
  const { colours, starts, order } = colourGroups(agents);
  const now = Math.floor(t);
  const at = new Float64Array(2);
  context.globalAlpha = 0.45;
  context.lineWidth = Math.max(3, s * 0.5);
  for (let k = 0; k < colours.length; k++) {
    context.strokeStyle = colours[k];
    context.beginPath();
    for (let j = starts[k]; j < starts[k + 1]; j++) {
      const i = order[j];
      const path = paths[i];
      if (!path || path.length < 2) continue;
      const from = Math.max(0, now - turns);
      const to = Math.min(path.length - 1, now);
      if (to <= from || !unitPoint(scene, i, at)) continue;
      const size = agents[i].size;
      for (let step = from; step <= to; step++) {
        let x: number;
        let y: number;
        if (crowd && i < crowd.agents) {
          const p = (Math.min(step, crowd.turns) * crowd.agents + i) * 2;
          x = ox + crowd.positions[p] * s;
          y = oy + crowd.positions[p + 1] * s;
        } else {
          const cell = path[step];
          if (cell === ABSENT) continue;
          x = ox + ((cell % width) + size / 2) * s;
          y = oy + (Math.floor(cell / width) + size / 2) * s;
        }
        // A stream's unit is off the map (ABSENT) before it appears: its trail starts again after.
        if (step === from || path[step - 1] === ABSENT) context.moveTo(x, y);
        else context.lineTo(x, y);
      }
      context.lineTo(at[0], at[1]);
    }
    context.stroke();
  }
  context.globalAlpha = 1;
}
