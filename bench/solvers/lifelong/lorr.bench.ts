/**
 * bench:lorr — lifelong MAPF at the League of Robot Runners' scale, against the issue's targets.
 *
 * Default: the five LoRR 2024 example problems (lorrProblems.ts), 500 steps at 300 ms a step:
 * ours (EPIBT with LNS and lanes, those of the problem's kept guidance file where there is one,
 * the min-cost scheduler) and the lab's planner before them
 * (flow-pibt with the greedy scheduler) on this thread's CPU clock, the Start-Kit's default
 * planner (C++, its wall clock) started at the same time in its own process on the other core.
 * Targets: ours at least 1.3 times the Start-Kit's finished tasks, and ahead of flow-pibt.
 *   --quick             100 ms a step: ours ahead of the Start-Kit on every problem, the longest
 *                       step printed, no step over its limit (scheduler and planner together)
 *   --full              random and Paris at 1,000 ms a step, as the League runs them
 *   --warehouse-10000   warehouse_large with 10,000 robots (starts drawn from the free cells,
 *                       seed 1) at 1,000 ms for 1,000 steps, ours alone, tasks a step beside
 *                       the League's published 12.8 (default) and 31.0 (winner)
 *   --effects           each part of ours switched off in turn (lorrProblems.ts EFFECTS), no peer;
 *                       where a guidance file is kept for the problem (guidance/), its lanes too
 *                       (--rows WORD,WORD: only the rows whose label has one of the words)
 *   --guidance          measures the lanes for sortation and warehouse (core/experiments/laneSearch.ts,
 *                       --steps default 150) and keeps them in guidance/NAME.guidance.json
 *   --winner PATH       beside ours, the 2024 winner's planner built locally (lorrPeer.ts WINNER_ARGS)
 *                       instead of the Start-Kit's, on maps small enough for its all-pairs distances
 * Options: --only random,paris,... --steps N --step-limit MS --planner NAME --planner-params JSON
 * --scheduler NAME --scheduler-params JSON (ours' planner and scheduler) --no-peer. The League's published figures are printed beside
 * ours as references (32 vCPUs, 1 s a step, its own step counts), never as targets met here.
 * Run it alone: the peer takes the second core.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LorrProblem, readLorrProblem, withDrawnStarts } from '../../../core/formats/lorrProblem.ts';
import { LIFELONG_PLANNERS, findLifelongPlanner } from '../../../core/registry/registry.ts';
import { LIFELONG_SCHEDULERS, findLifelongScheduler, runLifelong } from '../../../core/solvers/lifelong/index.ts';
import type { LifelongMeasures } from '../../../core/solvers/lifelong/measures.ts';
import { createCpuClock } from '../../../cli/solverWorker/threadCpuClock.ts';
import { BEFORE, EFFECTS, LORR_PROBLEMS, type LorrContender, OURS, PUBLISHED_WAREHOUSE_10000 } from './lorrProblems.ts';
import { type PeerResult, WINNER_ARGS, WINNER_MAX_CELLS, startPeer } from './lorrPeer.ts';
import { type GuidanceFile, parseGuidanceFile, serializeGuidanceFile } from '../../../core/formats/guidanceFile.ts';
import { measureLanes } from '../../../core/experiments/laneSearch.ts';
import { gridHash } from '../../../core/scenario/planHash.ts';
import { lanesWords } from '../../../cli/commands/guidanceUse.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const flag = (name: string): boolean => args.includes(name);
const MODE = flag('--quick') ? 'quick' : flag('--full') ? 'full' : flag('--warehouse-10000') ? 'warehouse-10000' : flag('--effects') ? 'effects' : flag('--guidance') ? 'guidance' : 'targets';
const LIMIT = Number(option('--step-limit') ?? (MODE === 'quick' ? 100 : MODE === 'full' || MODE === 'warehouse-10000' ? 1000 : 300));
const STEPS = Number(option('--steps') ?? (MODE === 'warehouse-10000' ? 1000 : MODE === 'guidance' ? 150 : 500));
const ONLY = option('--only')?.split(',') ?? (MODE === 'full' ? ['random', 'paris'] : MODE === 'effects' ? ['random', 'sortation', 'warehouse'] : MODE === 'guidance' ? ['sortation', 'warehouse'] : null);
/** --effects: only the rows whose label has one of these words (ours always runs: the rest are against it). */
const ROWS = option('--rows')?.split(',') ?? null;
/** The 2024 winner's planner, built locally (a benchmark's peer only), run instead of the Start-Kit's. */
const WINNER = option('--winner');
const PEER_OFF = flag('--no-peer') || MODE === 'effects' || MODE === 'warehouse-10000';
const ours: LorrContender = {
  ...OURS,
  planner: option('--planner') ?? OURS.planner,
  params: JSON.parse(option('--planner-params') ?? (option('--planner') === undefined ? JSON.stringify(OURS.params) : '{}')) as Record<string, unknown>,
  scheduler: option('--scheduler') ?? OURS.scheduler,
  schedulerParams: JSON.parse(option('--scheduler-params') ?? '{}') as Record<string, unknown>,
};
if (option('--planner') !== undefined || option('--scheduler') !== undefined) ours.label = `ours (${ours.planner} + ${ours.scheduler})`;
/** The shared benchmarks and peers: ../shared beside the repository, or MAPF_SHARED (a git worktree elsewhere). */
const SHARED = process.env.MAPF_SHARED ?? fileURLToPath(new URL('../../../../shared/', import.meta.url));
const EXAMPLES = join(SHARED, 'benchmarks/lorr-2024/example_problems/');
const PEER = join(SHARED, 'peers/bin/lorr-2024-lifelong');
const TARGET_RATIO = 1.3;
/** Guidance files measured by --guidance, kept with the bench (one per problem's map). */
const GUIDANCE_DIR = fileURLToPath(new URL('./guidance/', import.meta.url));

const load = () => loadavg().map((v) => v.toFixed(1)).join(' ');
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const { clock, source } = createCpuClock();

function readProblem(path: string): LorrProblem {
  return readLorrProblem(readFileSync(path, 'utf8'), path, (rel) => readFileSync(join(dirname(path), rel), 'utf8'));
}

function run(problem: LorrProblem, contender: LorrContender, limit: number, steps: number): LifelongMeasures {
  const planner = findLifelongPlanner(contender.planner);
  const scheduler = findLifelongScheduler(contender.scheduler);
  if (!planner) throw new Error(`--planner ${contender.planner}: not a lifelong planner (known: ${LIFELONG_PLANNERS.map((e) => e.name).join(', ')})`);
  if (!scheduler) throw new Error(`--scheduler ${contender.scheduler}: not a task scheduler (known: ${LIFELONG_SCHEDULERS.map((e) => e.name).join(', ')})`);
  return runLifelong(problem, planner.factory(1, contender.params), { steps, stepLimitMs: limit, now: clock, scheduler: scheduler.factory(contender.schedulerParams ?? {}) }).measures;
}

function describe(label: string, m: LifelongMeasures): string {
  return `  ${label}: ${m.tasksFinished} tasks (${m.tasksPerStep.toFixed(2)} a step); step on ${source} CPU mean ${m.planMeanMs.toFixed(1)} ms, p99 ${m.planP99Ms.toFixed(1)}, max ${m.planMaxMs.toFixed(1)}; steps over the limit ${m.timeouts}; planner errors ${m.plannerErrors}, schedule errors ${m.scheduleErrors}; waiting ${(100 * m.waitShare).toFixed(1)}%; load ${load()}`;
}

const PEER_NAME = WINNER === undefined ? 'Start-Kit default planner' : "2024 winner's planner (EPIBT(4)+LNS, graph guidance, its greedy scheduler; THREADS 1)";

function describePeer(peer: PeerResult | string): string {
  return typeof peer === 'string' ? `  ${PEER_NAME}: ${peer}` : `  ${PEER_NAME} (C++, wall clock, beside ours): ${peer.tasks} tasks; steps over its limit ${peer.timeouts}; wall ${peer.wallS.toFixed(0)} s; load ${load()}`;
}

/** The winner's planner on a problem whose map it can hold (WINNER_MAX_CELLS), or why not. */
function startWinner(path: string, problem: LorrProblem): Promise<PeerResult | string> {
  const cells = problem.grid.width * problem.grid.height;
  if (cells > WINNER_MAX_CELLS) return Promise.resolve(`skipped: its all-pairs distances for ${cells.toLocaleString('en-US')} cells would not fit in memory here`);
  return startPeer(WINNER!, path, STEPS, LIMIT, WINNER_ARGS, dirname(dirname(WINNER!)));
}

async function compare(): Promise<void> {
  console.log(`bench:lorr ${MODE}: ${STEPS} steps at ${LIMIT} ms a step; ours ${ours.planner} ${JSON.stringify(ours.params)} + ${ours.scheduler} ${JSON.stringify(ours.schedulerParams)} on ${source} CPU time; load ${load()}`);
  for (const row of LORR_PROBLEMS) {
    if (ONLY !== null && !ONLY.includes(row.name)) continue;
    const path = join(EXAMPLES, row.file);
    const problem = readProblem(path);
    console.log(`\n${row.name} (${problem.teamSize} robots):`);
    const peerRun = PEER_OFF ? Promise.resolve('skipped (--no-peer)') : WINNER === undefined ? startPeer(PEER, path, STEPS, LIMIT) : startWinner(path, problem);
    const guided = withKeptLanes(ours, row.name, problem);
    const m = run(problem, guided, LIMIT, STEPS);
    console.log(describe(guided.label, m));
    const before = MODE === 'targets' && WINNER === undefined ? run(problem, BEFORE, LIMIT, STEPS) : null;
    if (before !== null) console.log(describe(BEFORE.label, before));
    const peer = await peerRun;
    console.log(describePeer(peer));
    const ratio = typeof peer === 'string' ? NaN : m.tasksFinished / Math.max(1, peer.tasks);
    if (WINNER !== undefined) {
      console.log(`  ours / the winner's planner: ${typeof peer === 'string' ? 'not measured' : `${ratio.toFixed(2)} (ours on ${source} CPU, one thread; theirs on its wall clock, one thread)`}`);
      continue;
    }
    const p = row.published;
    console.log(`  published (LoRR 2024 test round, 32 vCPUs, 1 s a step, the League's steps): default entry ${p.defaultEntry}, best ${p.best} (${(p.best / p.defaultEntry).toFixed(2)} times): a reference`);
    if (MODE === 'quick') {
      const within = m.timeouts === 0 && m.planMaxMs <= LIMIT;
      console.log(`  target ahead of the Start-Kit: ${typeof peer === 'string' ? 'not measured' : `${ratio.toFixed(2)} times, ${verdict(ratio > 1)}`}; longest step ${m.planMaxMs.toFixed(1)} ms, none over ${LIMIT} ms: ${verdict(within)}`);
    } else {
      console.log(`  target at least ${TARGET_RATIO} times the Start-Kit: ${typeof peer === 'string' ? 'not measured' : `${ratio.toFixed(2)} times, ${verdict(ratio >= TARGET_RATIO)}`}${before === null ? '' : `; ahead of flow-pibt: ${m.tasksFinished} against ${before.tasksFinished}, ${verdict(m.tasksFinished > before.tasksFinished)}`}`);
    }
  }
}

function warehouse10000(): void {
  const row = LORR_PROBLEMS.find((p) => p.name === 'warehouse')!;
  const problem = withDrawnStarts(readProblem(join(EXAMPLES, row.file)), 10000, 1);
  console.log(`bench:lorr warehouse_large with 10,000 robots (starts drawn from the free cells, seed 1), ${STEPS} steps at ${LIMIT} ms; ours on ${source} CPU time; load ${load()}`);
  const guided = withKeptLanes(ours, row.name, problem);
  const m = run(problem, guided, LIMIT, STEPS);
  console.log(describe(guided.label, m));
  console.log(`  ${m.tasksPerStep.toFixed(2)} tasks a step beside the League's published ${PUBLISHED_WAREHOUSE_10000.defaultEntry} (default entry) and ${PUBLISHED_WAREHOUSE_10000.best} (winner): theirs on the main round's instance over 5,000 steps at 1 s on 32 vCPUs, ours on this example map's tasks over ${STEPS} steps on one thread`);
}

function effects(): void {
  console.log(`bench:lorr effects: ${STEPS} steps at ${LIMIT} ms a step, each on ${source} CPU time; load ${load()}`);
  for (const row of LORR_PROBLEMS) {
    if (ONLY !== null && !ONLY.includes(row.name)) continue;
    const problem = readProblem(join(EXAMPLES, row.file));
    console.log(`\n${row.name} (${problem.teamSize} robots):`);
    let base = NaN;
    for (const contender of EFFECTS) {
      if (contender !== OURS && ROWS !== null && !ROWS.some((word) => contender.label.includes(word))) continue;
      const m = run(problem, contender, LIMIT, STEPS);
      if (contender === OURS) base = m.tasksFinished;
      const change = contender === OURS ? '' : ` (${m.tasksFinished >= base ? '+' : ''}${((100 * (m.tasksFinished - base)) / base).toFixed(1)}% against ours)`;
      console.log(describe(`${contender.label}${change}`, m));
    }
    const guidance = keptGuidance(row.name, problem);
    if (guidance === null) continue;
    const m = run(problem, { ...OURS, params: guidance.lanes === null ? { lanePenalty: 0 } : { lanes: guidance.lanes } }, LIMIT, STEPS);
    const change = ` (${m.tasksFinished >= base ? '+' : ''}${((100 * (m.tasksFinished - base)) / base).toFixed(1)}% against ours)`;
    console.log(describe(`lanes measured for the map (${lanesWords(guidance.lanes)}; guidance/${row.name}.guidance.json)${change}`, m));
  }
}

/** Ours with the lanes of the problem's kept guidance file, when there is one and no --planner-params replace ours' params. */
function withKeptLanes(contender: LorrContender, name: string, problem: LorrProblem): LorrContender {
  if (contender.planner !== 'epibt' || option('--planner-params') !== undefined) return contender;
  const guidance = keptGuidance(name, problem);
  if (guidance === null) return contender;
  const params = guidance.lanes === null ? { lanePenalty: 0 } : { lanes: guidance.lanes };
  return { ...contender, params: { ...contender.params, ...params }, label: `${contender.label}, lanes of guidance/${name}.guidance.json (${lanesWords(guidance.lanes)})` };
}

/** The kept guidance file for a problem, or null (none kept, or kept for another map: said so). */
function keptGuidance(name: string, problem: LorrProblem): GuidanceFile | null {
  const file = join(GUIDANCE_DIR, `${name}.guidance.json`);
  if (!existsSync(file)) return null;
  const guidance = parseGuidanceFile(readFileSync(file, 'utf8'), file);
  if (guidance.map.hash === gridHash(problem.grid)) return guidance;
  console.log(`  ${file}: made for another map (${guidance.map.name}); run bench:lorr --guidance again`);
  return null;
}

/** Measures each problem's lanes offline and keeps them in guidance/ (minutes a problem). */
function measureGuidance(): void {
  console.log(`bench:lorr guidance: lanes measured by ${STEPS}-step runs at ${LIMIT} ms a step on ${source} CPU time; load ${load()}`);
  mkdirSync(GUIDANCE_DIR, { recursive: true });
  for (const row of LORR_PROBLEMS) {
    if (ONLY !== null && !ONLY.includes(row.name)) continue;
    const problem = readProblem(join(EXAMPLES, row.file));
    console.log(`\n${row.name} (${problem.teamSize} robots):`);
    const { cancelled, ...guidance } = measureLanes(problem, {
      problemName: row.file, planner: OURS.planner, scheduler: OURS.scheduler, steps: STEPS, stepLimitMs: LIMIT, now: clock, clock: 'cpu',
      onCandidate: (done, planned, c) => {
        console.log(`  run ${done} of ${planned}: ${lanesWords(c.lanes)}: ${c.tasks} tasks; load ${load()}`);
      },
    });
    if (cancelled) continue;
    const file = join(GUIDANCE_DIR, `${row.name}.guidance.json`);
    writeFileSync(file, serializeGuidanceFile(guidance));
    console.log(`  kept: ${lanesWords(guidance.lanes)} in ${file}`);
  }
}

if (!existsSync(EXAMPLES)) {
  console.log(`bench:lorr: ${EXAMPLES} is absent; nothing to run`);
} else if (MODE === 'warehouse-10000') warehouse10000();
else if (MODE === 'guidance') measureGuidance();
else if (MODE === 'effects') effects();
else await compare();
