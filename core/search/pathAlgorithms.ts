/**
 * Every single-agent search by name, for the command line, the bench and the app: one entry per
 * algorithm, each `solve(query, options)`.
 */
import { solveAStar } from './astar.ts';
import { solveDijkstra } from './dijkstra.ts';
import { solveJps } from './jps.ts';
import { solveJpsPlus } from './jpsPlus.ts';
import { solveLazyThetaStar } from './lazyThetaStar.ts';
import type { PathQuery, PathResult, PathSearchOptions } from './pathQuery.ts';
import { solveThetaStar } from './thetaStar.ts';
import { solveWeightedAStar } from './weightedAStar.ts';

export interface PathAlgorithm {
  name: string;
  label: string;
  /** Finds shortest grid paths (under the movement rules it supports). */
  optimal: boolean;
  /** Paths are any-angle waypoints rather than grid steps. */
  anyAngle: boolean;
  /** Honours cell weights; the others throw on weighted grids. */
  weights: boolean;
  /** Works only with 8-connected movement without corner cutting. */
  octileNoCutOnly: boolean;
  solve(query: PathQuery, options?: PathSearchOptions): PathResult;
}

export const PATH_ALGORITHMS: readonly PathAlgorithm[] = [
  { name: 'astar', label: 'A*', optimal: true, anyAngle: false, weights: true, octileNoCutOnly: false, solve: solveAStar },
  { name: 'wastar', label: 'Weighted A*', optimal: false, anyAngle: false, weights: true, octileNoCutOnly: false, solve: solveWeightedAStar },
  { name: 'jps', label: 'Jump Point Search', optimal: true, anyAngle: false, weights: false, octileNoCutOnly: true, solve: solveJps },
  { name: 'jpsplus', label: 'JPS+', optimal: true, anyAngle: false, weights: false, octileNoCutOnly: true, solve: solveJpsPlus },
  { name: 'theta', label: 'Theta*', optimal: false, anyAngle: true, weights: false, octileNoCutOnly: false, solve: solveThetaStar },
  { name: 'lazytheta', label: 'Lazy Theta*', optimal: false, anyAngle: true, weights: false, octileNoCutOnly: false, solve: solveLazyThetaStar },
  { name: 'dijkstra', label: 'Dijkstra', optimal: true, anyAngle: false, weights: true, octileNoCutOnly: false, solve: solveDijkstra },
];

export function findPathAlgorithm(name: string): PathAlgorithm | undefined {
  return PATH_ALGORITHMS.find((a) => a.name === name);
}

export function pathAlgorithmNames(): string[] {
  return PATH_ALGORITHMS.map((a) => a.name);
}
