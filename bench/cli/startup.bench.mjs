// `npm run bench:cli`: what a call of the command line costs before and around its work, on the
// CPU clock of the whole process (user + system, all threads, as the kernel counts a child:
// bash's `times` after the child exits), against the targets: `mapf-lab --help` at most 0.35 s,
// a one-agent solve on den520d at most 0.5 s. Beside them for reference: bare `node -e 0`, the
// built-in example (which starts a solver worker thread), and `--help` run from the sources
// through tsx (MAPF_LAB_DEV=1), which is what every call cost before the bundle.
//
// Each command runs R times (default 7; --reps R) after one untimed call that builds the bundle
// if it is stale; the figure is the median, with min and max and the 1-minute load average
// (os.loadavg) taken around the repetitions. CPU time hardly depends on the load, wall time does.
//
// Maps: MAPF_LAB_BENCHMARKS (the folder holding movingai/), default ../shared/benchmarks beside
// the repository.
//
// Usage: npm run bench:cli [-- --reps R]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin/mapf-lab.mjs');
const BENCHMARKS = resolve(process.env.MAPF_LAB_BENCHMARKS ?? join(ROOT, '../shared/benchmarks'));
const MAP = join(BENCHMARKS, 'movingai/maps/den520d.map');
const SCEN = join(BENCHMARKS, 'movingai/scen/den520d-random-1.scen');
const repsAt = process.argv.indexOf('--reps');
const REPS = repsAt > 0 ? Number(process.argv[repsAt + 1]) : 7;

/** Runs `argv` once under bash and returns the child's user+sys CPU seconds, wall seconds, exit status. */
function measure(argv, env = {}) {
  const started = performance.now();
  // `times` prints the shell's own times, then its children's: "0m0.183s 0m0.052s".
  const run = spawnSync('bash', ['-c', '"$@" >/dev/null 2>&1; status=$?; times; exit $status', 'bench', ...argv], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  const wall = (performance.now() - started) / 1000;
  const children = run.stdout.trim().split('\n').at(-1);
  const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  if (seconds.length !== 2) throw new Error(`could not read bash's times: ${run.stdout}`);
  return { cpu: seconds[0] + seconds[1], wall, status: run.status };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (s) => s.toFixed(3);

const cases = [
  { name: 'node -e 0 (bare Node)', argv: ['node', '-e', '0'] },
  { name: 'mapf-lab --help', argv: ['node', BIN, '--help'], target: 0.35 },
  {
    name: 'mapf-lab solve den520d, 1 agent, lacam',
    argv: ['node', BIN, 'solve', '--map', MAP, '--scen', SCEN, '--agents', '1', '--solver', 'lacam'],
    target: 0.5,
    needs: [MAP, SCEN],
  },
  { name: 'mapf-lab example (a solver worker thread)', argv: ['node', BIN, 'example'], okStatus: [0] },
  { name: 'mapf-lab --help from the sources (MAPF_LAB_DEV=1)', argv: ['node', BIN, '--help'], env: { MAPF_LAB_DEV: '1' }, reps: 3 },
];

// One untimed call: builds out/cli/ if it is missing or stale, so no timed run pays for that.
measure(['node', BIN, '--version']);

console.log(`bench:cli: whole-process CPU (user+sys), median of ${REPS} (min-max), seconds; node ${process.version}`);
let failed = 0;
for (const c of cases) {
  if (c.needs?.some((f) => !existsSync(f))) {
    console.log(`${c.name.padEnd(52)} skipped: ${c.needs.find((f) => !existsSync(f))} not found (set MAPF_LAB_BENCHMARKS)`);
    continue;
  }
  const loadBefore = loadavg()[0];
  const runs = [];
  for (let i = 0; i < (c.reps ?? REPS); i++) {
    const run = measure(c.argv, c.env);
    if (!(c.okStatus ?? [0]).includes(run.status)) throw new Error(`${c.name}: exit status ${run.status}`);
    runs.push(run);
  }
  const cpu = runs.map((r) => r.cpu);
  const mid = median(cpu);
  const verdict = c.target === undefined ? '' : mid <= c.target ? `  target <= ${c.target}: met` : `  target <= ${c.target}: MISSED`;
  if (c.target !== undefined && mid > c.target) failed++;
  console.log(
    `${c.name.padEnd(52)} cpu ${fmt(mid)} (${fmt(Math.min(...cpu))}-${fmt(Math.max(...cpu))})  wall ${fmt(median(runs.map((r) => r.wall)))}  load ${loadBefore.toFixed(2)}-${loadavg()[0].toFixed(2)}${verdict}`,
  );
}
process.exitCode = failed > 0 ? 1 : 0;
