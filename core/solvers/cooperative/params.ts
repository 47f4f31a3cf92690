/**
 * Reading the cooperative solvers' `params`: each solver names the params it accepts, and a
 * malformed or unknown one is a RangeError that names the param and what it allows (failure as
 * data is for search outcomes; bad input throws, STYLE.md).
 */

/** Agent order policies (Silver 2005, "Cooperative A*": the greedy algorithms are sensitive to it). */
export const ORDER_POLICIES = ['given', 'random', 'priority', 'distance'] as const;
export type OrderPolicy = (typeof ORDER_POLICIES)[number];

export class ParamReader {
  private readonly solver: string;
  private readonly params: Record<string, unknown>;

  constructor(solver: string, params: Record<string, unknown> | undefined, allowed: readonly string[]) {
    this.solver = solver;
    this.params = params ?? {};
    for (const key of Object.keys(this.params)) {
      if (!allowed.includes(key)) {
        throw new RangeError(`${solver}: unknown param '${key}'; allowed params are ${allowed.map((a) => `'${a}'`).join(', ')}`);
      }
    }
  }

  /** A whole number in [min, max], or `fallback` when absent. */
  integer(name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
    const value = this.params[name];
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `a whole number >= ${min}` : `a whole number from ${min} to ${max}`;
      throw new RangeError(`${this.solver}: param '${name}' must be ${range}, got ${describe(value)}`);
    }
    return value;
  }

  /** A finite number >= min, or `fallback` when absent. */
  number(name: string, fallback: number, min: number): number {
    const value = this.params[name];
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
      throw new RangeError(`${this.solver}: param '${name}' must be a number >= ${min}, got ${describe(value)}`);
    }
    return value;
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.params[name];
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') throw new RangeError(`${this.solver}: param '${name}' must be true or false, got ${describe(value)}`);
    return value;
  }

  order(fallback: OrderPolicy = 'given'): OrderPolicy {
    const value = this.params.order;
    if (value === undefined) return fallback;
    if (typeof value !== 'string' || !(ORDER_POLICIES as readonly string[]).includes(value)) {
      throw new RangeError(`${this.solver}: param 'order' must be one of ${ORDER_POLICIES.map((o) => `'${o}'`).join(', ')}; got ${describe(value)}`);
    }
    return value as OrderPolicy;
  }
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}
