/**
 * The dynamic layer: congestion heat map, planned paths, trails, goals, units at the replay's
 * turn, selection and the gesture preview. Redrawn at most once per animation frame.
 */
import type { AppliedMapChange } from '../../../core/mapf/mapEvents.ts';
import type { Grid } from '../../../core/grid/grid.ts';
import type { MapEvent, ScenarioAgent, ScenarioObstacle, ScenarioRegion } from '../../../core/scenario/schema.ts';
import { drawMapEvents } from './drawEvents.ts';
import { drawObstacles, drawWatchRegions } from './drawObstacles.ts';
import { drawRegionLabels, drawRegions } from './drawRegions.ts';
import { drawStreamAreas, drawStreamLabels } from './drawStreams.ts';
import type { ScenarioExit, ScenarioSpawner } from '../../../core/scenario/streamSchema.ts';
import type { ReplayAnalysis } from '../replay/analysis.ts';
import { type HeatMeasure, heatLayers } from '../replay/heatLayers.ts';
import { drawFlow, drawHeat } from './drawHeatFlow.ts';
import { drawGoals, drawTrails, drawUnits, type UnitsScene } from './drawUnits.ts';
import { ABSENT } from '../../../core/mapf/plan.ts';
import type { CrowdTrack } from '../../../core/contract/crowdTrack.ts';
import { type PlanWindowOverlay, drawPlanWindow } from '../replay/windowOverlay.ts';
import type { ToolPreview } from './toolController.ts';
import type { Viewport } from './viewport.ts';

/** Above this many units only selected units' full paths are drawn (the rest would be a tangle). */
export const ALL_PATHS_LIMIT = 64;
/** Units stay at least this big on screen (radius in px) however far out the view is zoomed. */
export const MIN_UNIT_RADIUS_PX = 2.5;

/** The on-screen radius of a unit's disc (per cell of its footprint's side), never below MIN_UNIT_RADIUS_PX. */
export function unitRadius(cellSize: number): number {
  return Math.max(MIN_UNIT_RADIUS_PX, cellSize * 0.36);
}
/**
 * Above this many units, with cells smaller than DETAIL_CELL_PX on screen, goals and trails are
 * left out: at Berlin_1_256's fitted zoom 10,000 goal squares and wide translucent trails were a
 * carpet of colour that cost more to draw than the units themselves, and told nothing. Zoomed
 * in, or with fewer units, they are drawn.
 */
export const DETAIL_UNIT_LIMIT = 2000;
const DETAIL_CELL_PX = 8;

/** Turns of trail behind each unit. */
const TRAIL_TURNS = 6;

export interface DynamicScene {
  grid: Grid;
  agents: readonly ScenarioAgent[];
  view: Viewport;
  width: number;
  height: number;
  /** The current plan, or null when there is none or it is out of date. */
  /** `mapChanges`: the simulator's, when the plan came with its replay. */
  /** `crowd`: a continuous run's real positions (the engine crowd models): units are drawn there, at the track's radius. */
  /** `headings`: a turning run's facing per unit per turn (LoRR's robots): a wedge on each disc; such runs have no goals to draw. */
  plan: { paths: readonly (readonly number[])[]; analysis: ReplayAnalysis; mapChanges?: readonly AppliedMapChange[]; obstaclePaths?: readonly (readonly number[])[]; crowd?: CrowdTrack; headings?: readonly ArrayLike<number>[] } | null;
  t: number;
  trails: boolean;
  labels: boolean;
  heat: boolean;
  heatMeasure?: HeatMeasure;
  /** Flow arrows over the plan's cells. */
  flow?: boolean;
  /** The selected unit's window and reserved cells at turn t, when that overlay is on. */
  planWindow?: PlanWindowOverlay | null;
  /** The scenario's timed map events: markers, and cells closed or opened at turn t. */
  events: readonly MapEvent[];
  /** The scenario's moving obstacles: routes, and where each is at turn t. */
  obstacles: readonly ScenarioObstacle[];
  /** The scenario's spawners and exits (outlined with their names). */
  spawners?: readonly ScenarioSpawner[];
  exits?: readonly ScenarioExit[];
  /** The scenario's measured regions (outlined with their names). */
  regions?: readonly ScenarioRegion[];
  /** The watch strategy's region size when it is the one chosen (its regions are drawn), else null. */
  watchRegions?: number | null;
  selection: ReadonlySet<string>;
  /** 'selected': paths of the selected and hovered units only (default: all, up to ALL_PATHS_LIMIT units). */
  paths?: 'all' | 'selected';
  /** The unit under the pointer at the replay's turn: its path is drawn too. */
  hovered?: string | null;
  preview: ToolPreview | null;
  /** The painting brush's footprint under the pointer (pencil and eraser), or null. */
  brush: { x: number; y: number; size: number; passable: boolean } | null;
}

export function drawDynamic(context: CanvasRenderingContext2D, scene: DynamicScene): void {
  const { grid, agents, view, plan, t } = scene;
  const { cellSize: s, offsetX: ox, offsetY: oy } = view;
  const w = grid.width;
  // Paths list anchors (top-left cells): lines run through footprint centres (anchor + size/2),
  // where positionAt puts the discs.
  const pathPoint = (cell: number, size: number, first: boolean) => {
    const x = ox + ((cell % w) + size / 2) * s;
    const y = oy + (Math.floor(cell / w) + size / 2) * s;
    if (first) context.moveTo(x, y);
    else context.lineTo(x, y);
  };
  const crowdPoint = (track: CrowdTrack, a: number, k: number, first: boolean) => {
    const i = (Math.min(k, track.turns) * track.agents + a) * 2;
    const x = ox + track.positions[i] * s;
    const y = oy + track.positions[i + 1] * s;
    if (first) context.moveTo(x, y);
    else context.lineTo(x, y);
  };
  context.clearRect(0, 0, scene.width, scene.height);

  const layers = plan && (scene.heat || scene.flow) ? heatLayers(grid.width, grid.cells, plan.paths, plan.analysis) : null;
  if (layers && scene.heat) drawHeat(context, grid, layers, scene.heatMeasure ?? 'congestion', view, scene.width, scene.height);
  drawMapEvents(context, scene.events, plan ? Math.floor(t) : -1, view, plan?.mapChanges ? { changes: plan.mapChanges, width: grid.width } : undefined);
  if (scene.watchRegions) drawWatchRegions(context, grid, scene.watchRegions, view);
  if (scene.regions) drawRegions(context, scene.regions, view);
  drawStreamAreas(context, scene.spawners ?? [], scene.exits ?? [], grid.width, grid.height, view);
  drawObstacles(context, grid, scene.obstacles, plan ? Math.floor(t) : 0, view, plan?.obstaclePaths);

  context.lineCap = 'round';
  context.lineJoin = 'round';
  // A continuous run: discs at their real positions with the model's radius (cells: 0.5 fills one).
  const crowd = plan?.crowd && plan.crowd.agents === agents.length ? plan.crowd : undefined;
  if (plan) {
    // Every path for a few units unless only the selected (and hovered) ones are asked for.
    const all = scene.paths !== 'selected' && agents.length <= ALL_PATHS_LIMIT;
    context.lineWidth = Math.max(2, s * 0.22);
    plan.paths.forEach((path, i) => {
      const agent = agents[i];
      if (!agent || path.length < 2 || !(all || scene.selection.has(agent.id) || scene.hovered === agent.id)) return;
      context.strokeStyle = agent.colour;
      context.beginPath();
      // A continuous run's path is the line through its recorded positions, not its cells'; a
      // stream's unit is off the map (ABSENT) before it appears and after it leaves: no line there.
      if (crowd) for (let k = 0; k < path.length; k++) crowdPoint(crowd, i, k, k === 0);
      else for (let k = 0; k < path.length; k++) if (path[k] !== ABSENT) pathPoint(path[k], agent.size, k === 0 || path[k - 1] === ABSENT);
      context.stroke();
    });
  }
  const units: UnitsScene = { agents, view, width: w, paths: plan?.paths ?? null, crowd, t, radius: crowd ? Math.max(MIN_UNIT_RADIUS_PX, crowd.radius * s) : unitRadius(s), selection: scene.selection, showNumbers: scene.labels && s >= 14 };
  const detail = agents.length <= DETAIL_UNIT_LIMIT || s >= DETAIL_CELL_PX;
  if (plan && scene.trails && detail) drawTrails(context, units, TRAIL_TURNS);

  // Flow arrows over the paths they summarise, under the units.
  if (layers && scene.flow) drawFlow(context, grid, layers, view, scene.width, scene.height);

  // Above the paths (the selected unit's own path runs through its window), below the units.
  if (plan && scene.planWindow) drawPlanWindow(context, grid.width, view, scene.planWindow);

  // A turning run (LoRR's robots) has no goals to draw; its units carry a wedge the way they face.
  const turning = plan?.headings !== undefined && plan.headings.length === agents.length ? plan.headings : undefined;
  if (detail && !turning) drawGoals(context, agents, view);
  // Units: discs on their footprint's centre at the replay's turn (at their start without a plan),
  // or for a continuous run at their real position, as large as the model's discs.
  drawUnits(context, turning ? { ...units, headings: turning } : units);

  if (scene.regions) drawRegionLabels(context, scene.regions, view);
  drawStreamLabels(context, scene.spawners ?? [], scene.exits ?? [], grid.width, grid.height, view, scene.width, scene.height);
  if (scene.preview) drawPreview(context, scene.preview, agents, view);
  if (scene.brush) {
    // The same footprint the paint command stamps: (size - 1) >> 1 cells before the centre.
    const { x, y, size, passable } = scene.brush;
    const before = (size - 1) >> 1;
    context.strokeStyle = passable ? 'rgba(76, 141, 255, 0.9)' : 'rgba(255, 107, 107, 0.9)';
    context.lineWidth = 1.5;
    context.strokeRect(ox + (x - before) * s, oy + (y - before) * s, size * s, size * s);
  }
}

function drawPreview(context: CanvasRenderingContext2D, preview: ToolPreview, agents: readonly ScenarioAgent[], view: Viewport): void {
  const { cellSize: s, offsetX: ox, offsetY: oy } = view;
  context.save();
  if (preview.kind === 'region' && preview.as !== undefined) {
    // A spawner's or exit's area in progress, in its own colour.
    const area = { from: [preview.from.x, preview.from.y] as [number, number], to: [preview.to.x, preview.to.y] as [number, number] };
    const w = Math.max(preview.from.x, preview.to.x) + 1;
    const h = Math.max(preview.from.y, preview.to.y) + 1;
    if (preview.as === 'spawner') drawStreamAreas(context, [{ name: '', area } as ScenarioSpawner], [], w, h, view);
    else drawStreamAreas(context, [], [{ name: '', area }], w, h, view);
  } else if (preview.kind === 'region') {
    drawRegions(context, [{ name: '', from: [preview.from.x, preview.from.y], to: [preview.to.x, preview.to.y] }], view);
  } else if (preview.kind === 'rect') {
    const x0 = Math.min(preview.from.x, preview.to.x);
    const y0 = Math.min(preview.from.y, preview.to.y);
    context.fillStyle = preview.passable ? 'rgba(244, 241, 234, 0.7)' : 'rgba(43, 45, 51, 0.6)';
    context.fillRect(ox + x0 * s, oy + y0 * s, (Math.abs(preview.to.x - preview.from.x) + 1) * s, (Math.abs(preview.to.y - preview.from.y) + 1) * s);
  } else if (preview.kind === 'line') {
    context.strokeStyle = preview.passable ? 'rgba(244, 241, 234, 0.8)' : 'rgba(43, 45, 51, 0.6)';
    context.lineWidth = preview.brush * s;
    context.lineCap = 'square';
    context.beginPath();
    context.moveTo(ox + (preview.from.x + 0.5) * s, oy + (preview.from.y + 0.5) * s);
    context.lineTo(ox + (preview.to.x + 0.5) * s, oy + (preview.to.y + 0.5) * s);
    context.stroke();
  } else if (preview.kind === 'unit-start') {
    context.strokeStyle = '#4c8dff';
    context.lineWidth = Math.max(2, s * 0.12);
    context.setLineDash([4, 3]);
    context.beginPath();
    context.arc(ox + (preview.at.x + 0.5) * s, oy + (preview.at.y + 0.5) * s, Math.max(2, s * 0.36), 0, Math.PI * 2);
    context.stroke();
  } else {
    const agent = agents.find((a) => a.id === preview.id);
    context.globalAlpha = 0.6;
    context.strokeStyle = agent?.colour ?? '#4c8dff';
    context.lineWidth = Math.max(2, s * 0.12);
    context.strokeRect(ox + preview.to.x * s + 1, oy + preview.to.y * s + 1, (agent?.size ?? 1) * s - 2, (agent?.size ?? 1) * s - 2);
  }
  context.restore();
}
