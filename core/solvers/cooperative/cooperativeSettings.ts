/**
 * The parameters of CA*, HCA* and WHCA* (Silver 2005, "Cooperative A*", "Hierarchical Cooperative
 * A*", "Windowed Hierarchical Cooperative A*"; Silver 2006 for promotion and RRA* restarts), read and
 * checked once per controller; anything else is a RangeError naming the allowed ones.
 */
import type { Grid } from '../../grid/grid.ts';
import { ParamReader, type OrderPolicy } from './params.ts';

export interface Variant {
  name: 'CA*' | 'HCA*' | 'WHCA*';
  windowed: boolean;
  /** RRA* abstract distance as heuristic (HCA*, WHCA*) instead of Manhattan / Chebyshev. */
  abstract: boolean;
}

export interface CooperativeSettings {
  window: number;
  replanEvery: number;
  order: OrderPolicy;
  maxTime: number;
  maxExpansions: number;
  rraRestart: number;
  promotion: boolean;
  rraBudget: number;
  turnBudget: number;
  /** WHCA*: a unit held where it stands searches again ranked by progress (always, never, or in streams). */
  progressPriority: boolean | 'streams';
  /** WHCA*: turns without any unit coming nearer its goal before the window doubles. */
  stallTurns: number;
}

export function readCooperativeSettings(variant: Variant, raw: Record<string, unknown> | undefined, grid: Grid, agents: number): CooperativeSettings {
  const allowed = variant.windowed
    ? ['window', 'replanEvery', 'order', 'maxExpansions', 'rraRestart', 'rraBudget', 'promotion', 'turnBudget', 'progressPriority', 'stallTurns']
    : ['order', 'maxTime', 'maxExpansions', 'promotion'];
  const params = new ParamReader(variant.name, raw, allowed);
  const window = variant.windowed ? params.integer('window', 16, 1, 1 << 16) : 0;
  return {
    window,
    replanEvery: variant.windowed ? params.integer('replanEvery', Math.max(1, window >> 1), 1, window) : 0,
    order: params.order(),
    maxTime: variant.windowed ? 0 : params.integer('maxTime', 4 * (grid.width + grid.height) + 2 * agents, 1),
    maxExpansions: params.integer('maxExpansions', variant.windowed ? 200_000 : 2_000_000, 1),
    rraRestart: variant.windowed ? params.number('rraRestart', 8, 1) : 8,
    // RRA* work per turn, shared by the turn's searches (0 = no limit). The default is about a
    // millisecond or two of backwards search; a 32x32 map never needs as much.
    rraBudget: variant.windowed ? params.integer('rraBudget', 8192, 0) : 0,
    // Promotion belongs to the ongoing system of Silver 2006; CA* and HCA* as Silver 2005 defines them
    // plan each unit once, so by default they report a unit without a path instead.
    promotion: params.boolean('promotion', variant.windowed),
    // Search work per turn (space-time and RRA* expansions) past which replans that can wait do,
    // to the next turn (0 = no limit): a frame budget. Silver 2006 spreads searches over frames.
    turnBudget: variant.windowed ? params.integer('turnBudget', 0, 0) : 0,
    // Off in a batch by default: its measured effect is in streams (cooperativePlanning.ts).
    progressPriority: variant.windowed ? progressSetting(variant.name, raw?.progressPriority) : false,
    stallTurns: variant.windowed ? params.integer('stallTurns', Math.max(16, window), 1) : 0,
  };
}

function progressSetting(solver: string, value: unknown): boolean | 'streams' {
  if (value === undefined) return 'streams';
  if (value === true || value === false || value === 'streams') return value;
  throw new RangeError(`${solver}: param 'progressPriority' must be true, false or 'streams', got ${typeof value === 'string' ? `'${value}'` : String(value)}`);
}
