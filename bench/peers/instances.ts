/**
 * The instances of bench:peers (issue "side by side with the C++ originals"): Moving AI maps and
 * their random scenarios from ../shared/benchmarks/movingai, the first K entries, 4-connected.
 * Both sides read the same two files: ours through core/formats, the C++ solvers by path.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseMap } from '../../core/formats/movingAiMap.ts';
import { parseScenario } from '../../core/formats/movingAiScenario.ts';
import { FOUR_CONNECTED } from '../../core/grid/movement.ts';
import type { MapfInstance } from '../../core/mapf/instance.ts';
import { buildStepTable, buildUnitDistance } from '../../core/search/stepTable.ts';

/**
 * The lab's shared folder: `../shared` beside the repository, or beside its parent folder when
 * the repository is a git worktree one level down (../../shared); --shared DIR names another.
 */
export const SHARED = ((): string => {
  const args = process.argv;
  if (args.includes('--shared')) return resolve(args[args.indexOf('--shared') + 1]);
  const near = fileURLToPath(new URL('../../../shared', import.meta.url));
  const far = fileURLToPath(new URL('../../../../shared', import.meta.url));
  return existsSync(near) || !existsSync(far) ? near : far;
})();
export const MOVINGAI = `${SHARED}/benchmarks/movingai/`;

/** One instance: a map, one of its random scenarios, its first k entries. */
export interface InstanceKey {
  map: string;
  scen: number;
  k: number;
}

export const mapPath = (map: string): string => `${MOVINGAI}maps/${map}.map`;
export const scenPath = (map: string, scen: number): string => `${MOVINGAI}scen/${map}-random-${scen}.scen`;
export const instanceLabel = (key: InstanceKey): string => `${key.map} random-${key.scen} k=${key.k}`;

/** Whether the benchmark files of `key` are there (../shared/benchmarks may be absent). */
export function instanceFilesExist(key: InstanceKey): boolean {
  return existsSync(mapPath(key.map)) && existsSync(scenPath(key.map, key.scen));
}

export function loadInstance(key: InstanceKey): MapfInstance {
  const grid = parseMap(readFileSync(mapPath(key.map), 'utf8'), `${key.map}.map`).grid;
  const entries = parseScenario(readFileSync(scenPath(key.map, key.scen), 'utf8'), `${key.map}-random-${key.scen}.scen`).entries.slice(0, key.k);
  if (entries.length < key.k) throw new Error(`${scenPath(key.map, key.scen)} has ${entries.length} entries, ${key.k} asked`);
  return { grid, movement: FOUR_CONNECTED, agents: entries.map((e) => ({ start: grid.cell(e.startX, e.startY), goal: grid.cell(e.goalX, e.goalY) })) };
}

/**
 * The sum of the units' shortest-path distances (lacam's `soc_lb`, the root of CBS): the lower
 * bound every SOC/LB and sum-of-loss/LB ratio of the bench divides by, the same on both sides.
 */
export function sumOfDistances(instance: MapfInstance): number {
  const steps = buildStepTable(instance.grid, instance.movement);
  let sum = 0;
  for (const a of instance.agents) sum += buildUnitDistance(steps, a.goal)[a.start];
  return sum;
}
