/**
 * Draws a replay clip's frames offscreen with the map view's own drawing code (drawStatic for
 * floor and walls, drawDynamic for units, paths, trails, labels, heat map, flow, regions, doors
 * and moving obstacles), so a clip shows exactly the overlays that are on in the replay. The scene
 * is taken once when the export starts: edits made while it runs do not reach the clip.
 */
import { drawDynamic, type DynamicScene } from '../canvas/drawDynamic.ts';
import { drawStatic } from '../canvas/drawStatic.ts';
import { watchRegionSize } from '../canvas/drawObstacles.ts';
import { fitViewport, type Viewport } from '../canvas/viewport.ts';
import { replayAgents, replayPlan } from '../canvas/replayPlan.ts';
import { selectedPlanWindow } from '../replay/windowOverlay.ts';
import { editorStore } from '../state/editorState.ts';
import { currentOutcome } from '../solve/plan.ts';
import { replayStore } from '../state/replayState.ts';
import { model } from '../state/session.ts';

/** Behind the map where the picture's even size leaves a pixel or two. */
const MARGIN_COLOUR = '#d8d4cb';

/** The scene of the replay as the map view shows it now, for a clip of width × height pixels, without the editor's pointer previews. */
export function currentClipScene(width: number, height: number): Omit<DynamicScene, 't' | 'planWindow'> & { windows: boolean } {
  const outcome = currentOutcome();
  if (!outcome || outcome.paths.length === 0) throw new Error('There is no up-to-date plan to record: solve first.');
  const doc = model.document;
  const replay = replayStore.get();
  return {
    grid: doc.grid,
    agents: replayAgents(outcome, doc.agents),
    spawners: doc.spawners,
    exits: doc.exits,
    view: clipViewport(width, height, doc.grid.width, doc.grid.height),
    width,
    height,
    plan: replayPlan(outcome),
    trails: replay.trails,
    labels: replay.labels,
    heat: replay.heat,
    heatMeasure: replay.heatMeasure,
    flow: replay.flow,
    windows: replay.windows,
    events: doc.events,
    obstacles: doc.obstacles,
    regions: doc.regions,
    watchRegions: watchRegionSize(doc),
    selection: new Set(editorStore.get().selection),
    paths: replay.paths,
    hovered: null,
    preview: null,
    brush: null,
  };
}

/** The whole map in the picture, no margin: cells are width / map width pixels. */
export function clipViewport(width: number, height: number, mapWidth: number, mapHeight: number): Viewport {
  return fitViewport(width, height, mapWidth, mapHeight, 0);
}

export class ClipPainter {
  /** The finished frame (encoders read it). */
  readonly canvas: HTMLCanvasElement;
  private readonly context: CanvasRenderingContext2D;
  private readonly walls: HTMLCanvasElement;
  private readonly units: HTMLCanvasElement;
  private readonly unitsContext: CanvasRenderingContext2D;
  private readonly scene: ReturnType<typeof currentClipScene>;
  private readonly windows: Parameters<typeof selectedPlanWindow>[0];

  constructor(scene: ReturnType<typeof currentClipScene>) {
    this.scene = scene;
    const { width, height } = scene;
    this.canvas = sizedCanvas(width, height);
    // Encoders read every frame back: tell the browser to keep the pixels where reading is cheap.
    this.context = this.canvas.getContext('2d', { willReadFrequently: true, alpha: false })!;
    this.walls = sizedCanvas(width, height);
    this.units = sizedCanvas(width, height);
    this.unitsContext = this.units.getContext('2d')!;
    this.windows = scene.windows ? currentOutcome()?.replay?.windows : undefined;
    // The static layer once: walls do not change during a replay (doors are on the dynamic layer).
    drawStatic(this.walls.getContext('2d')!, scene.grid, scene.view, width, height);
  }

  /** Draws the replay at `turn` (fractional: between two turns) into `canvas`. */
  draw(turn: number): void {
    const { width, height } = this.scene;
    const planWindow = this.windows ? selectedPlanWindow(this.windows, this.scene.agents, [...this.scene.selection], turn) : null;
    drawDynamic(this.unitsContext, { ...this.scene, t: turn, planWindow });
    this.context.fillStyle = MARGIN_COLOUR;
    this.context.fillRect(0, 0, width, height);
    this.context.drawImage(this.walls, 0, 0);
    this.context.drawImage(this.units, 0, 0);
  }

  /** The frame's pixels, RGBA. */
  pixels(): Uint8ClampedArray {
    return this.context.getImageData(0, 0, this.scene.width, this.scene.height).data;
  }
}

function sizedCanvas(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}
