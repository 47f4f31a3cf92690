/**
 * Builds the instance a RunSpec names: generates or reads the map, places the agents. Reading
 * files goes through `ExperimentFiles`, which the host provides (the CLI reads from disk and
 * resolves relative paths against the experiment file's folder), so this stays pure.
 * Maps and scenarios are parsed once and kept; the last instance and its lower bounds are kept
 * too, since consecutive runs differ only in the solver.
 */
import { Grid } from '../grid/grid.ts';
import type { Movement } from '../grid/movement.ts';
import type { MapfInstance } from '../mapf/instance.ts';
import { checkInstance } from '../mapf/instance.ts';
import { parseMap } from '../formats/movingAiMap.ts';
import { importLevel, levelFormatOf } from '../level/readLevel.ts';
import type { LevelChoices } from '../scenario/levelSourceSchema.ts';
import { resolveMapPath } from '../scenario/mapPath.ts';
import { type MovingAiScenario, checkScenario, parseScenario } from '../formats/movingAiScenario.ts';
import { randomTasks } from '../mapgen/placement.ts';
import { randomMap } from '../mapgen/randomMap.ts';
import { lowerBounds } from '../simulation/metrics.ts';
import type { MapRef, RunSpec } from './runPlan.ts';

export interface ExperimentFiles {
  /** The text of a file named as in the experiment (relative paths are the host's to resolve). */
  readText(path: string): string;
}

export interface BuiltInstance {
  instance: MapfInstance;
  lowerBounds: Float64Array;
}

export class InstanceBuilder {
  private grids = new Map<string, Grid>();
  private scenarios = new Map<string, MovingAiScenario>();
  private lastKey = '';
  private last: BuiltInstance | undefined;

  constructor(private readonly files: ExperimentFiles) {}

  /** A file's text, named as in the experiment (LoRR problems read theirs through it). */
  readText(path: string): string {
    return this.files.readText(path);
  }

  build(run: RunSpec): BuiltInstance {
    if (this.last && run.instanceKey === this.lastKey) return this.last;
    const grid = this.grid(run.map);
    const movement: Movement = { connectivity: run.connectivity, corners: run.corners };
    let agents;
    const placement = run.placement;
    if (placement.kind === 'random') {
      agents = randomTasks(grid, run.agents, placement.seed);
    } else {
      const rows = placement.kind === 'inline' ? placement.agents : this.scenario(placement.scen, grid, run.map).entries.map((e) => [e.startX, e.startY, e.goalX, e.goalY] as const);
      const source = placement.kind === 'inline' ? `the agents of map ${run.mapName}` : placement.scen;
      if (rows.length < run.agents) throw new RangeError(`${source} has ${rows.length} agents, fewer than the ${run.agents} asked for`);
      agents = rows.slice(0, run.agents).map(([sx, sy, gx, gy]) => {
        if (!grid.inBounds(sx, sy) || !grid.inBounds(gx, gy)) throw new RangeError(`${source}: agent (${sx}, ${sy}) -> (${gx}, ${gy}) is outside the ${grid.width}x${grid.height} map`);
        return { start: grid.cell(sx, sy), goal: grid.cell(gx, gy) };
      });
    }
    const instance = { grid, movement, agents };
    checkInstance(instance);
    this.lastKey = run.instanceKey;
    this.last = { instance, lowerBounds: lowerBounds(grid, movement, agents) };
    return this.last;
  }

  private grid(ref: MapRef): Grid {
    if (ref.kind === 'random') {
      const key = `random:${ref.width}x${ref.height}:${ref.density}:${ref.seed}:${ref.fill}`;
      let grid = this.grids.get(key);
      if (!grid) {
        grid = randomMap({ width: ref.width, height: ref.height, density: ref.density, seed: ref.seed, fill: ref.fill });
        this.grids.set(key, grid);
      }
      return grid;
    }
    if (ref.kind === 'inline') return Grid.fromAscii(ref.rows);
    if (ref.kind === 'lorr') throw new RangeError(`${ref.problem} is a LoRR problem: the lifelong runner reads it (experiments/lorrRun.ts)`);
    const key = ref.level ? `${ref.map}\n${JSON.stringify(ref.level)}` : ref.map;
    let grid = this.grids.get(key);
    if (!grid) {
      grid = this.readMap(ref.map, ref.level);
      this.grids.set(key, grid);
    }
    return grid;
  }

  /** A Moving AI map, or a level file (Tiled, LDtk) with its tilesets and levels read beside it. */
  private readMap(path: string, choices: LevelChoices | undefined): Grid {
    const format = levelFormatOf(path);
    if (format === 'image') throw new RangeError(`${path}: an image plan cannot be an experiment's map; import it into a scenario first (mapf-lab solve --scenario ${path})`);
    if (!format) return parseMap(this.files.readText(path), path).grid;
    const lookup = (name: string, from: string): string | undefined => {
      try {
        return this.files.readText(resolveMapPath(from, name));
      } catch {
        return undefined;
      }
    };
    return importLevel({ format, text: this.files.readText(path) }, path, lookup, choices).grid;
  }

  private scenario(path: string, grid: Grid, map: MapRef): MovingAiScenario {
    let scenario = this.scenarios.get(path);
    if (!scenario) {
      scenario = parseScenario(this.files.readText(path), path);
      checkScenario(scenario, grid, path, map.kind === 'movingai' ? map.map : 'the map');
      this.scenarios.set(path, scenario);
    }
    return scenario;
  }
}
