/**
 * The League of Robot Runners 2024 example problems bench:lorr runs, and the League's published
 * figures for them: the 2024 test round ran exactly these five problems; the default entry is the
 * Start-Kit's planner and scheduler, the best is the round's top entry (LoRR 2024 results, on
 * 32 vCPUs at 1 s a step). They are printed as references beside ours, not as targets met here.
 */
export interface LorrBenchProblem {
  name: string;
  file: string;
  published: { defaultEntry: number; best: number };
}

export const LORR_PROBLEMS: readonly LorrBenchProblem[] = [
  { name: 'random', file: 'random.domain/random_32_32_20_100.json', published: { defaultEntry: 894, best: 1186 } },
  { name: 'paris', file: 'city.domain/paris_1_256_250.json', published: { defaultEntry: 347, best: 456 } },
  { name: 'brc202d', file: 'game.domain/brc202d_500.json', published: { defaultEntry: 763, best: 1020 } },
  { name: 'sortation', file: 'warehouse.domain/sortation_large_2000.json', published: { defaultEntry: 11412, best: 15508 } },
  { name: 'warehouse', file: 'warehouse.domain/warehouse_large_5000.json', published: { defaultEntry: 67177, best: 94232 } },
];

/** The 2024 main round's warehouse with 10,000 robots: tasks a step of the default entry and of the winner (5,000 steps at 1 s, 32 vCPUs). */
export const PUBLISHED_WAREHOUSE_10000 = { defaultEntry: 12.8, best: 31.0 };

/** A planner and scheduler as bench:lorr runs them. */
export interface LorrContender {
  label: string;
  planner: string;
  params: Record<string, unknown>;
  scheduler: string;
  schedulerParams?: Record<string, unknown>;
}

/** Ours: EPIBT (operations of 4 actions, its LNS, lanes on guide paths) and the min-cost scheduler with the winner's cost. */
export const OURS: LorrContender = { label: 'ours (epibt + ours)', planner: 'epibt', params: {}, scheduler: 'ours' };
/** What the lab ran before EPIBT and the schedulers: flow-pibt with the Start-Kit's greedy scheduler. */
export const BEFORE: LorrContender = { label: 'flow-pibt + greedy (before)', planner: 'flow-pibt', params: {}, scheduler: 'greedy' };

/** Each part switched off in turn (or another chosen), for the with-and-without table. */
export const EFFECTS: readonly LorrContender[] = [
  OURS,
  { label: 'without LNS', planner: 'epibt', params: { lns: false }, scheduler: 'ours' },
  { label: 'without lanes (guidance)', planner: 'epibt', params: { lanePenalty: 0 }, scheduler: 'ours' },
  { label: 'operations of 3 actions (the winner\'s)', planner: 'epibt', params: { depth: 3 }, scheduler: 'ours' },
  { label: 'PIBT (flow-pibt) for EPIBT', planner: 'flow-pibt', params: {}, scheduler: 'ours' },
  { label: 'WPPL (windowed PIBT + space-time LNS)', planner: 'wppl', params: {}, scheduler: 'ours' },
  { label: 'WPPL without LNS (windowed PIBT)', planner: 'wppl', params: { lns: false }, scheduler: 'ours' },
  { label: 'scheduler hungarian', planner: 'epibt', params: {}, scheduler: 'hungarian' },
  { label: 'scheduler greedy', planner: 'epibt', params: {}, scheduler: 'greedy' },
];
