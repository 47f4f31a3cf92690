// `mapf-lab slurm` on a real Slurm: test/slurm/start-slurm.sh starts a one-node cluster on this
// machine (munged, slurmctld, slurmd; .ci/run installs Debian's slurm-wlm and munge), the test
// submits a 16-run sweep as a 4-task job array and its merge job with `--wait`, and checks the
// merged results hold the same runs with the same outcomes and costs as a one-process run; then
// submits again and checks every task resumed (nothing run twice).
// Slurm that cannot start is a failure, never a pass: always under CI=true or MAPF_REQUIRE_SLURM=1
// (.ci/run sets it); elsewhere the test is skipped, saying why, only when Slurm is not installed.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { main } from '../../cli/main.ts';
import type { CommandIo } from '../../cli/command.ts';

const START = fileURLToPath(new URL('../slurm/start-slurm.sh', import.meta.url));
const FREE_PORTS = fileURLToPath(new URL('../slurm/free-ports.mjs', import.meta.url));
const TOOLS = ['munged', 'slurmctld', 'slurmd', 'sbatch'];
const REQUIRED = process.env.CI === 'true' || process.env.MAPF_REQUIRE_SLURM === '1';

function onPath(tool: string): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && existsSync(join(dir, tool)));
}
// slurmctld and slurmd live in /usr/sbin, which a non-root PATH may lack.
const missing = TOOLS.filter((tool) => !onPath(tool) && !existsSync(join('/usr/sbin', tool)));
const SKIP = missing.length > 0 && !REQUIRED
  ? `Slurm is not installed (missing: ${missing.join(', ')}): the Slurm job-array test is skipped. Install with \`apt-get install slurm-wlm munge\` (.ci/run does).`
  : undefined;
if (SKIP) console.warn(`slurm-cluster.test.ts: ${SKIP}`);

interface Done {
  code: number | null;
  stdout: string;
  stderr: string;
}
function sh(file: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Done> {
  return new Promise((resolve) => {
    execFile(file, args, { env, timeout: timeoutMs, encoding: 'utf8', maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr: `${stderr}${error && typeof error.code !== 'number' ? `\n${error.message}` : ''}` });
    });
  });
}

function capture(): CommandIo & { text: () => string } {
  const lines: string[] = [];
  return { out: (t) => lines.push(t), err: (t) => lines.push(t), text: () => lines.join('\n') };
}

// 4 maps x 2 agent counts = 8 instances, x 2 solvers = 16 runs; 2 instances per task. No time
// limit and seeded solvers: each run's outcome is the same wherever it runs.
const SWEEP = {
  format: 'mapf-lab/experiment',
  version: 1,
  name: 'slurm array',
  maps: [{ kind: 'random', width: 10, height: 10, density: 0.2, seeds: [1, 2, 3, 4] }],
  agents: [2, 4],
  solvers: [{ solver: 'hca', label: 'HCA*' }, { solver: 'pibt', label: 'PIBT' }],
  turnLimit: 100,
};

type Row = { key: string; status: string; sumOfCosts: number | null; makespan: number | null; costModel: string };
function outcomes(dir: string): string[] {
  return readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n').map((line) => {
    const r = JSON.parse(line) as Row;
    return `${r.key} ${r.status} soc=${r.sumOfCosts} makespan=${r.makespan} ${r.costModel}`;
  }).sort();
}

/** Everything that says why a submission went wrong: the jobs' logs, then the daemons'. */
function logs(out: string, slurmDir: string, env: NodeJS.ProcessEnv): string {
  const queue = spawnSync('squeue', ['--all'], { encoding: 'utf8', env, timeout: 10_000 });
  const parts: string[] = [`----- squeue\n${queue.stdout ?? ''}${queue.stderr ?? ''}`];
  const logDir = join(out, 'logs');
  const files = [
    ...(existsSync(logDir) ? readdirSync(logDir).map((f) => join(logDir, f)) : []),
    ...['slurmctld.log', 'slurmd.log'].map((f) => join(slurmDir, f)),
  ];
  for (const file of files.filter((f) => existsSync(f))) parts.push(`----- ${file}\n${readFileSync(file, 'utf8').split('\n').slice(-40).join('\n')}`);
  return parts.join('\n');
}

describe('mapf-lab slurm on a one-node Slurm cluster', () => {
  it.skipIf(SKIP !== undefined)('runs a sweep as a 4-task job array and a merge job, equal to a one-process run, and resumes when submitted again', { timeout: 600_000 }, async () => {
    if (missing.length > 0) throw new Error(`Slurm is not installed (missing: ${missing.join(', ')}) and the test is required here (CI=true or MAPF_REQUIRE_SLURM=1): .ci/run installs slurm-wlm and munge with apt-get`);
    // .ci/run gives its own folder and ports and stops the daemons when it ends; without them the
    // test makes its own, so that two runs on one machine never share a spool, a socket or a port,
    // and stops what it started.
    const own = process.env.MAPF_SLURM_DIR === undefined;
    const slurmDir = own ? mkdtempSync(join(tmpdir(), 'mapf-lab-slurm-')) : process.env.MAPF_SLURM_DIR!;
    const port = own ? (await sh('node', [FREE_PORTS], process.env, 10_000)).stdout.trim() : process.env.MAPF_SLURM_PORT;
    const env = { ...process.env, MAPF_SLURM_DIR: slurmDir, ...(port ? { MAPF_SLURM_PORT: port } : {}), PATH: `${process.env.PATH}:/usr/sbin:/usr/bin` };
    if (own) onTestFinished(async () => { await sh('bash', [START, '--stop'], env, 60_000); rmSync(slurmDir, { recursive: true, force: true }); });
    const started = await sh('bash', [START], env, 120_000);
    if (started.code !== 0) {
      throw new Error(`Slurm could not start: test/slurm/start-slurm.sh exited ${started.code}\n${started.stderr}\n${started.stdout}`);
    }
    const conf = /^export SLURM_CONF=(.+)$/m.exec(started.stdout)?.[1];
    if (conf === undefined) throw new Error(`test/slurm/start-slurm.sh did not say where slurm.conf is:\n${started.stdout}\n${started.stderr}`);
    const slurmEnv = { ...env, SLURM_CONF: conf };

    const dir = mkdtempSync(join(tmpdir(), 'mapf-slurm-'));
    const file = join(dir, 'sweep.json');
    writeFileSync(file, JSON.stringify(SWEEP));
    const out = join(dir, 'out');
    const generated = capture();
    // One CPU and 1 GB a task, so the 4 tasks fit the one node however small it is.
    expect(await main(['slurm', file, '--tasks', '4', '--out', out, '--cpus', '1', '--mem', '1G', '--time', '10'], generated), generated.text()).toBe(0);
    const script = join(out, 'slurm.sh');

    let clock = Date.now();
    const first = await sh('bash', [script, '--wait'], slurmEnv, 240_000);
    const firstSeconds = (Date.now() - clock) / 1000;
    if (first.code !== 0) throw new Error(`the submission failed (exit ${first.code}):\n${first.stdout}\n${first.stderr}\n${logs(out, slurmDir, slurmEnv)}`);
    const arrayJob = /job array (\d+): 4 tasks/.exec(first.stdout)?.[1];
    expect(arrayJob, first.stdout).toBeDefined();

    // The reference: the same sweep in one process.
    const single = join(dir, 'single');
    const one = capture();
    expect(await main(['experiment', file, '--out', single, '--workers', '1', '--quiet'], one), one.text()).toBe(0);
    const expected = outcomes(single);
    expect(expected).toHaveLength(16);
    expect(outcomes(out), logs(out, slurmDir, slurmEnv)).toEqual(expected);

    // Four tasks, each its own shard into its own folder; together every run once.
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { shards: string[]; runsPlanned: number };
    expect(manifest).toMatchObject({ shards: ['1/4', '2/4', '3/4', '4/4'], runsPlanned: 16 });
    const perShard = [1, 2, 3, 4].map((i) => outcomes(join(out, 'shards', `${i}-of-4`)));
    for (const rows of perShard) expect(rows.length).toBeGreaterThan(0);
    expect(perShard.flat().sort()).toEqual(expected);
    for (let task = 0; task < 4; task++) {
      expect(readFileSync(join(out, 'logs', `${arrayJob}-${task}.out`), 'utf8')).toContain(`shard ${task + 1}/4 of ${file}`);
    }
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('slurm array');

    // Submitted again: every task finds its runs recorded and runs nothing.
    clock = Date.now();
    const again = await sh('bash', [script, '--wait'], slurmEnv, 240_000);
    console.log(`slurm-cluster: 16 runs as 4 array tasks and a merge job in ${firstSeconds.toFixed(1)} s wall, resubmitted in ${((Date.now() - clock) / 1000).toFixed(1)} s (load ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
    if (again.code !== 0) throw new Error(`the second submission failed (exit ${again.code}):\n${again.stdout}\n${again.stderr}\n${logs(out, slurmDir, slurmEnv)}`);
    const secondJob = /job array (\d+): 4 tasks/.exec(again.stdout)?.[1];
    for (let task = 0; task < 4; task++) {
      const log = readFileSync(join(out, 'logs', `${secondJob}-${task}.out`), 'utf8');
      expect(log).toMatch(new RegExp(`resuming: (\\d+) of \\1 runs already recorded in ${join(out, 'shards', `${task + 1}-of-4`)}`));
      expect(log).toMatch(/all recorded before/);
    }
    expect(perShard.map((_, i) => outcomes(join(out, 'shards', `${i + 1}-of-4`)))).toEqual(perShard);
    expect(outcomes(out)).toEqual(expected);
    rmSync(dir, { recursive: true, force: true });
  });
});
