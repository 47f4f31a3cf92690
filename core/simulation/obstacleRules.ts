/**
 * The replanning rules of obstacleFollow.ts by name and parameters, as the command line's
 * `--strategy` / `--param` and a solve request's params (`strategy` and the rule's own) give them.
 * Unknown names and parameters are refused, naming what is known.
 */

/** How a unit replans among moving obstacles (obstacleFollow.ts runs each). */
export type ReplanRule =
  | { kind: 'recalc'; every?: number; whenBlocked?: boolean; whenChanged?: boolean; knowledge?: Knowledge }
  | { kind: 'splice'; m: number; every?: number; limit?: number }
  | { kind: 'predict' }
  | { kind: 'incremental' }
  | { kind: 'watch'; regionSize: number; horizon?: number; notifyEvery?: number; repair?: 'recalc' | 'splice'; m?: number; limit?: number; knowledge?: Knowledge };

/** What units know of obstacles: where they stand now (like walls), or their timetable (plans in space-time, waits allowed). */
export type Knowledge = 'now' | 'timetable';

export const STRATEGIES = ['recalc', 'splice', 'watch', 'predict', 'incremental'] as const;
export type StrategyName = (typeof STRATEGIES)[number];

/** Each strategy's parameters. */
export const STRATEGY_PARAMS: Record<StrategyName, readonly string[]> = {
  recalc: ['every', 'whenBlocked', 'whenChanged', 'knowledge'],
  splice: ['m', 'every', 'limit'],
  watch: ['regionSize', 'horizon', 'notifyEvery', 'repair', 'm', 'limit', 'knowledge'],
  predict: [],
  incremental: [],
};

/** A problem with a strategy or one of its parameters: `field` is 'strategy' or the parameter's name. */
export class StrategyError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'StrategyError';
  }
}

/** The rule `strategy` with `params` (every, whenBlocked, whenChanged, m, limit, regionSize, horizon, notifyEvery, repair). */
export function replanRule(strategy: string, params: Record<string, unknown>): ReplanRule {
  if (!(STRATEGIES as readonly string[]).includes(strategy)) throw new StrategyError('strategy', `unknown strategy '${strategy}' (known: ${STRATEGIES.join(', ')})`);
  const known = STRATEGY_PARAMS[strategy as StrategyName];
  for (const name of Object.keys(params)) {
    if (!known.includes(name)) throw new StrategyError(name, `${strategy} takes ${known.length > 0 ? known.join(', ') : 'no parameters'}`);
  }
  const num = (name: string): number | undefined => {
    const value = params[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new StrategyError(name, `needs a number, got ${JSON.stringify(value)}`);
    return value;
  };
  const flag = (name: string): boolean | undefined => {
    const value = params[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') throw new StrategyError(name, `needs true or false, got ${JSON.stringify(value)}`);
    return value;
  };
  const knowledge = (): Knowledge | undefined => {
    const value = params.knowledge;
    if (value === undefined || value === 'now' || value === 'timetable') return value;
    throw new StrategyError('knowledge', `now or timetable, got ${JSON.stringify(value)}`);
  };
  switch (strategy as StrategyName) {
    case 'recalc':
      return { kind: 'recalc', every: num('every'), whenBlocked: flag('whenBlocked'), whenChanged: flag('whenChanged'), knowledge: knowledge() };
    case 'splice':
      return { kind: 'splice', m: num('m') ?? 10, every: num('every'), limit: num('limit') };
    case 'watch': {
      const repair = params.repair;
      if (repair !== undefined && repair !== 'recalc' && repair !== 'splice') throw new StrategyError('repair', `recalc or splice, got ${JSON.stringify(repair)}`);
      return { kind: 'watch', regionSize: num('regionSize') ?? 8, horizon: num('horizon'), notifyEvery: num('notifyEvery'), repair, m: num('m'), limit: num('limit'), knowledge: knowledge() };
    }
    case 'incremental':
      return { kind: 'incremental' };
    case 'predict':
      return { kind: 'predict' };
  }
}
