/**
 * Simple independence detection (SID) and independence detection (ID) around an optimal group
 * search. Standley 2010, section "Independent Subproblems",
 * Algorithms 1 and 2.
 * More on this in README.md, "independenceDetection.ts".
 */
import { ConflictAvoidanceTable } from './conflictAvoidanceTable.ts';
import { ConflictFinder, type GroupConflict } from './firstConflict.ts';
import { IllegalMoveTable } from './illegalMoveTable.ts';
import { type GroupResult, JointSearch, type MergeTree, type SearchMode, type SearchSetup } from './jointSearch.ts';
import type { StepTable } from '../../search/stepTable.ts';
import type { SolveOptions } from '../../contract/types.ts';

export type Detection = 'none' | 'simple' | 'full';

/** Above any group size sum: the rank of a conflict that merges comes after every one that may replan. */
const MAX_AGENTS_KEY = 1 << 24;

/** Which conflict independence detection resolves next: 'first' in time (the seed), or 'replan-first' (see above). */
export type ConflictOrder = 'first' | 'replan-first';

export const DEFAULT_CONFLICT_ORDER: ConflictOrder = 'replan-first';

export interface PlanOutcome {
  status: 'solved' | 'unsolvable' | 'timeout' | 'cancelled' | 'failed';
  /** Per agent, from t = 0 until it rests on its goal (solved only). */
  paths: Int32Array[];
  message?: string;
  expanded: number;
  generated: number;
  lowerBound: number;
  largestGroup: number;
  merges: number;
  replans: number;
  /** Expansions spent on replans with a cost limit (the rest went to merged and initial groups). */
  replanExpanded: number;
}

interface Group {
  id: number;
  agents: number[];
  cost: number;
  /** How the group was merged, with each merged group's optimal cost alone (its own at the root). */
  tree: MergeTree;
}

export function planWithDetection(setup: SearchSetup, mode: SearchMode, detection: Detection, options: SolveOptions, conflictOrder: ConflictOrder = DEFAULT_CONFLICT_ORDER): PlanOutcome {
  const steps: StepTable = setup.steps;
  const agentCount = setup.starts.length;
  const search = new JointSearch(setup, mode);
  const outcome: PlanOutcome = { status: 'solved', paths: [], expanded: 0, generated: 0, lowerBound: 0, largestGroup: 0, merges: 0, replans: 0, replanExpanded: 0 };
  const tally = (r: GroupResult) => {
    outcome.expanded += r.expanded;
    outcome.generated += r.generated;
  };
  /** Ends the run on a search that did not solve its group; `others` = sum of the other groups' costs. */
  const stop = (r: GroupResult, others: number, what: string): PlanOutcome => {
    outcome.lowerBound = Math.max(outcome.lowerBound, others + r.lowerBound);
    outcome.paths = [];
    if (r.status === 'unsolvable') {
      outcome.status = 'unsolvable';
      outcome.message = `${what} has no conflict-free plan (open list exhausted)`;
    } else if (r.status === 'memory') {
      outcome.status = 'failed';
      outcome.message = `${what}: the node store reached its memory budget after ${r.generated} nodes`;
    } else {
      outcome.status = r.status === 'cancelled' ? 'cancelled' : 'timeout';
      outcome.message = `${r.status === 'cancelled' ? 'cancelled' : `${setup.deadline?.words() ?? 'time limit'} reached`} while planning ${what}`;
    }
    return outcome;
  };

  if (detection === 'none') {
    const all = Array.from({ length: agentCount }, (_, a) => a);
    outcome.largestGroup = agentCount;
    const r = search.search({ agents: all, costLimit: Infinity, illegal: null, avoid: null });
    tally(r);
    if (r.status !== 'solved') return stop(r, 0, `the group of all ${agentCount} agents`);
    outcome.paths = r.paths;
    outcome.lowerBound = r.cost;
    return outcome;
  }

  const avoid = detection === 'full' ? new ConflictAvoidanceTable(steps) : null;
  const illegal = detection === 'full' ? new IllegalMoveTable(steps) : null;
  const finder = new ConflictFinder(steps);
  const paths: Int32Array[] = new Array(agentCount);
  const groupOf = new Int32Array(agentCount);
  const groups = new Map<number, Group>();
  let nextGroupId = 0;
  let totalCost = 0;

  // Each agent alone, planned against the paths planned before it.
  for (let a = 0; a < agentCount; a++) {
    const r = search.search({ agents: [a], costLimit: Infinity, illegal: null, avoid });
    tally(r);
    if (r.status !== 'solved') return stop(r, totalCost, `agent ${a + 1}`);
    paths[a] = r.paths[0];
    avoid?.add(paths[a]);
    const group: Group = { id: nextGroupId++, agents: [a], cost: r.cost, tree: a };
    groups.set(group.id, group);
    groupOf[a] = group.id;
    totalCost += r.cost;
  }
  if (avoid !== null) {
    // A second pass now that every agent's path is in the table: each agent again alone, for the
    // optimal path with the fewest conflicts with all the others (same cost as before).
    for (let a = 0; a < agentCount; a++) {
      avoid.remove(paths[a]);
      const r = search.search({ agents: [a], costLimit: Infinity, illegal: null, avoid });
      tally(r);
      if (r.status !== 'solved') return stop(r, totalCost - groups.get(groupOf[a])!.cost, `agent ${a + 1}`);
      paths[a] = r.paths[0];
      avoid.add(paths[a]);
    }
  }
  outcome.largestGroup = agentCount > 0 ? 1 : 0;
  outcome.lowerBound = totalCost;

  const conflictedBefore = new Set<number>();
  const pairKey = (g1: number, g2: number) => (g1 < g2 ? g1 * 1048576 + g2 : g2 * 1048576 + g1);

  /** Order of conflicts under 'replan-first': pairs that may still replan, then fewer agents, then earlier. */
  const rank = (c: GroupConflict): number => {
    const ga = groups.get(groupOf[c.a])!;
    const gb = groups.get(groupOf[c.b])!;
    const merges = detection === 'full' && conflictedBefore.has(pairKey(ga.id, gb.id)) ? 1 : 0;
    return merges * MAX_AGENTS_KEY + ga.agents.length + gb.agents.length;
  };
  const nextConflict = (): GroupConflict | null => {
    if (conflictOrder === 'first') return finder.find(paths, groupOf);
    let best: GroupConflict | null = null;
    let bestRank = Infinity;
    for (const c of finder.findAll(paths, groupOf)) {
      const r = rank(c);
      if (r < bestRank) {
        best = c;
        bestRank = r;
      }
    }
    return best;
  };

  for (;;) {
    const conflict = nextConflict();
    if (conflict === null) break;
    const cancelled = setup.shouldStop !== undefined && setup.shouldStop();
    if (cancelled || setup.deadline?.passed() === true) {
      outcome.status = cancelled ? 'cancelled' : 'timeout';
      outcome.message = `${cancelled ? 'cancelled' : `${setup.deadline!.words()} reached`} after ${outcome.merges} merges and ${outcome.replans} replans`;
      return outcome;
    }
    const g1 = groups.get(groupOf[conflict.a])!;
    const g2 = groups.get(groupOf[conflict.b])!;

    if (detection === 'full' && !conflictedBefore.has(pairKey(g1.id, g2.id))) {
      conflictedBefore.add(pairKey(g1.id, g2.id));
      let resolved = false;
      // The smaller group first: its replan is the cheaper search.
      const order = g2.agents.length < g1.agents.length ? [[g2, g1], [g1, g2]] : [[g1, g2], [g2, g1]];
      for (const [mover, blocker] of order) {
        // Another plan of the same cost for `mover` that keeps clear of `blocker`'s moves.
        illegal!.fill(blocker.agents.map((a) => paths[a]));
        for (const a of mover.agents) avoid!.remove(paths[a]);
        outcome.replans++;
        // The merged groups' costs alone still bound the mover's with the illegal moves added.
        const r = search.search({ agents: mover.agents, costLimit: mover.cost, illegal, avoid, tree: mover.tree });
        tally(r);
        outcome.replanExpanded += r.expanded;
        if (r.status === 'solved') {
          for (let i = 0; i < mover.agents.length; i++) paths[mover.agents[i]] = r.paths[i];
        }
        for (const a of mover.agents) avoid!.add(paths[a]);
        if (r.status === 'solved') {
          resolved = true;
          break;
        }
        if (r.status !== 'over-limit') return stop(r, totalCost - mover.cost, `a replan of agents ${mover.agents.map((x) => x + 1).join(', ')}`);
      }
      if (resolved) continue;
    }

    // Merge the two groups and plan them together, without limit or illegal moves.
    const merged: Group = {
      id: nextGroupId++,
      agents: [...g1.agents, ...g2.agents].sort((x, y) => x - y),
      cost: 0,
      tree: { left: g1.tree, right: g2.tree, cost: 0 },
    };
    outcome.merges++;
    outcome.largestGroup = Math.max(outcome.largestGroup, merged.agents.length);
    options.onProgress?.({ message: `merged agents ${merged.agents.map((x) => x + 1).join(', ')} (largest group ${outcome.largestGroup})` });
    if (avoid !== null) for (const a of merged.agents) avoid.remove(paths[a]);
    const others = totalCost - g1.cost - g2.cost;
    // The merged groups' optimal costs alone bound the search (JointSearch.boundOf).
    const r = search.search({ agents: merged.agents, costLimit: Infinity, illegal: null, avoid, tree: merged.tree });
    tally(r);
    if (r.status !== 'solved') return stop(r, others, `the group of agents ${merged.agents.map((x) => x + 1).join(', ')}`);
    for (let i = 0; i < merged.agents.length; i++) {
      const a = merged.agents[i];
      paths[a] = r.paths[i];
      avoid?.add(paths[a]);
      groupOf[a] = merged.id;
    }
    merged.cost = r.cost;
    merged.tree = { left: g1.tree, right: g2.tree, cost: r.cost };
    groups.delete(g1.id);
    groups.delete(g2.id);
    groups.set(merged.id, merged);
    totalCost = others + r.cost;
    outcome.lowerBound = Math.max(outcome.lowerBound, totalCost);
  }
  outcome.paths = paths;
  outcome.lowerBound = totalCost;
  return outcome;
}
