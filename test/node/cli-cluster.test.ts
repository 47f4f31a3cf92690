// `mapf-lab slurm` and `mapf-lab kubernetes`: the script and manifest they write, read
// structurally and run with stand-ins for sbatch and node that record their arguments (the real
// Slurm run is test/node/slurm-cluster.test.ts).
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { main } from '../../cli/main.ts';
import type { CommandIo } from '../../cli/command.ts';
import { formatSlurmTime, parseMemory, parseSlurmTime } from '../../cli/cluster/clusterPlan.ts';

function capture(): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

// 8 instances (4 seeds x 2 agent counts) x 2 solvers = 16 runs; 600 s a run.
const SWEEP = {
  format: 'mapf-lab/experiment',
  version: 1,
  name: "wide sweep's test",
  maps: [{ kind: 'random', width: 10, height: 10, density: 0.2, seeds: [1, 2, 3, 4] }],
  agents: [2, 4],
  solvers: [{ solver: 'hca' }, { solver: 'pibt' }],
  turnLimit: 50,
  timeLimitSeconds: 600,
};

function setup(experiment: object = SWEEP): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mapf cluster '));
  const file = join(dir, 'sweep.json');
  writeFileSync(file, JSON.stringify(experiment));
  return { dir, file };
}

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = capture();
  const code = await main(args, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

/** A stand-in program that appends each call's arguments, one a line after a '---' line, to LOG. */
function recorder(dir: string, name: string, stdout = ''): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\nprintf '%s\\n' --- "$@" >> "$FAKE_LOG"\n${stdout ? `echo '${stdout}'\n` : ''}`);
  chmodSync(path, 0o755);
  return path;
}

/** The calls a recorder logged: each an argument list. */
function calls(log: string): string[][] {
  if (!existsSync(log)) return [];
  return readFileSync(log, 'utf8').split('---\n').slice(1).map((c) => c.split('\n').slice(0, -1));
}

describe('mapf-lab slurm', () => {
  it('writes a script whose submit step sends an array and an afterok merge job, with the options given', async () => {
    const { dir, file } = setup();
    const out = join(dir, 'results out');
    const r = await run(['slurm', file, '--tasks', '4', '--out', out, '--cpus', '2', '--mem', '3G', '--time', '1:30:00', '--max-running', '2', '--partition', 'short', '--account', 'lab']);
    expect(r.code, r.err).toBe(0);
    const script = join(out, 'slurm.sh');
    expect(r.out).toContain(`submit: bash ${script}`);
    const text = readFileSync(script, 'utf8');
    expect(spawnSync('bash', ['-n', script]).status).toBe(0);
    // The CLI by its absolute path, so a job started in any folder of a node finds it.
    const cli = /^MAPF_LAB=(\S+)$/m.exec(text)?.[1];
    expect(cli).toMatch(/^\/.*\/bin\/mapf-lab\.mjs$/);
    expect(existsSync(cli!)).toBe(true);

    // Submit with a stand-in sbatch: the array, then the merge depending on it, `--wait` passed on.
    const bin = mkdtempSync(join(tmpdir(), 'mapf-fake-'));
    recorder(bin, 'sbatch', '4711');
    const log = join(bin, 'log');
    const submitEnv = { ...process.env, PATH: `${bin}:${process.env.PATH}`, FAKE_LOG: log, SLURM_JOB_ID: '' };
    const submit = spawnSync('bash', [script, '--wait'], { encoding: 'utf8', env: submitEnv });
    expect(submit.stdout).toContain('job array 4711: 4 tasks');
    // sbatch --wait says 0 for a merge job cancelled because a task failed; the script says so, exit 1.
    expect(submit.status).toBe(1);
    expect(submit.stderr).toContain(`the merge job did not run: a task failed (logs: ${out}/logs/4711-*.out)`);
    const [array, merge, ...rest] = calls(log);
    expect(rest).toEqual([]);
    writeFileSync(join(out, 'logs', '4711-merge.out'), 'merged\n');
    expect(spawnSync('bash', [script, '--wait'], { encoding: 'utf8', env: submitEnv }).status).toBe(0);
    expect(array).toEqual(expect.arrayContaining(['--parsable', '--array=0-3%2', '--partition=short', '--account=lab', '--cpus-per-task=2', '--mem=3G', '--time=0-01:30:00', '--export=ALL,MAPF_LAB_STEP=shard', `--output=${out}/logs/%A-%a.out`]));
    expect(array[array.length - 1]).toBe(script);
    expect(merge).toEqual(expect.arrayContaining(['--dependency=afterok:4711', '--kill-on-invalid-dep=yes', '--partition=short', '--export=ALL,MAPF_LAB_STEP=merge', '--wait']));
    expect(merge[merge.length - 1]).toBe(script);
    expect(existsSync(join(out, 'logs'))).toBe(true);

    // Array task 2 (0-based) runs shard 3/4 into its folder with one worker per CPU.
    const node = recorder(bin, 'node');
    const shard = spawnSync('bash', [script], { encoding: 'utf8', env: { ...process.env, MAPF_LAB_STEP: 'shard', SLURM_ARRAY_TASK_ID: '2', SLURM_CPUS_PER_TASK: '2', MAPF_LAB_NODE: node, FAKE_LOG: log } });
    expect(shard.status, shard.stderr).toBe(0);
    expect(calls(log).at(-1)).toEqual([cli, 'experiment', file, '--shard', '3/4', '--out', join(out, 'shards', '3-of-4'), '--workers', '2', '--accept-errors']);
    // The merge job merges the four shard folders into OUT, then writes the report.
    const merged = spawnSync('bash', [script], { encoding: 'utf8', env: { ...process.env, MAPF_LAB_STEP: 'merge', MAPF_LAB_NODE: node, FAKE_LOG: log } });
    expect(merged.status, merged.stderr).toBe(0);
    expect(calls(log).slice(-2)).toEqual([
      [cli, 'merge', ...[1, 2, 3, 4].map((i) => join(out, 'shards', `${i}-of-4`)), '--out', out],
      [cli, 'report', out],
    ]);
    // Run by sbatch itself instead of bash, it says how to submit.
    const wrong = spawnSync('bash', [script], { encoding: 'utf8', env: { ...process.env, SLURM_JOB_ID: '9', MAPF_LAB_STEP: '' } });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/run this file with bash on a login node/);
  });

  it('derives the defaults from the experiment\'s size and says how in the header', async () => {
    const { dir, file } = setup();
    const r = await run(['slurm', file, '--tasks', '2', '--out', join(dir, 'out'), '--retry-errors']);
    expect(r.code, r.err).toBe(0);
    const text = readFileSync(join(dir, 'out', 'slurm.sh'), 'utf8');
    // 2 tasks of 4 instances x 2 solvers = 8 runs each; 4 CPUs (the cap); 2 runs a worker x
    // (600 s + 5 s) x 1.5 + 300 s = 2115 s, rounded up to 36 minutes; 1 GB + 1 GB per CPU.
    expect(text).toContain('--array=0-1 ');
    expect(text).toContain('--cpus-per-task=4 --mem=5G --time=0-00:36:00');
    expect(text).toMatch(/# {3}16 runs in 8 instances; 2 tasks, the largest with 8 runs/);
    expect(text).toMatch(/# {3}time per task: 0-00:36:00 \(default: 2 runs a worker x 605 s/);
    expect(text).toContain('--accept-errors --retry-errors');
    // Without a time limit a run is assumed to take a minute, and the header says so.
    const unlimited = setup({ ...SWEEP, timeLimitSeconds: undefined, maps: [{ kind: 'random', width: 10, height: 10, density: 0.2, seeds: Array.from({ length: 40 }, (_, i) => i) }] });
    expect((await run(['slurm', unlimited.file, '--tasks', '5', '--out', join(unlimited.dir, 'out')])).code).toBe(0);
    const second = readFileSync(join(unlimited.dir, 'out', 'slurm.sh'), 'utf8');
    // 80 instances / 5 tasks = 16 instances = 32 runs a task: 8 a worker x 60 s x 1.5 + 300 s = 1020 s.
    expect(second).toContain('--cpus-per-task=4 --mem=5G --time=0-00:17:00');
    expect(second).toMatch(/no time limit: 60 s a run assumed, pass --time/);
  });

  it('refuses more tasks than instances, and bad sizes, naming the option', async () => {
    const { dir, file } = setup();
    const tooMany = await run(['slurm', file, '--tasks', '9', '--out', join(dir, 'out')]);
    expect(tooMany.code).toBe(2);
    expect(tooMany.err).toMatch(/--tasks 9 is more than the experiment's 8 instances .*use at most 8/);
    expect((await run(['slurm', file])).err).toMatch(/--tasks N is required/);
    expect((await run(['slurm', file, '--tasks', '2', '--time', 'soon'])).err).toMatch(/--time takes minutes or \[DAYS-\]HH:MM:SS .*got 'soon'/);
    expect((await run(['slurm', file, '--tasks', '2', '--mem', '4 gigs'])).err).toMatch(/--mem takes a size such as 4G/);
    expect((await run(['slurm', file, '--tasks', '2', '--max-running', '3'])).err).toMatch(/--max-running 3 is more than the 2 tasks/);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('reads times and sizes as sbatch does', () => {
    expect(parseSlurmTime('--time', '90')).toBe(5400);
    expect(parseSlurmTime('--time', '90:30')).toBe(5430);
    expect(parseSlurmTime('--time', '1:00:00')).toBe(3600);
    expect(parseSlurmTime('--time', '2-3')).toBe(2 * 86400 + 3 * 3600);
    expect(parseSlurmTime('--time', '1-00:30')).toBe(86400 + 1800);
    expect(() => parseSlurmTime('--time', '0:30')).toThrow(/at least a minute/);
    expect(formatSlurmTime(86400 + 3600 + 61)).toBe('1-01:02:00');
    expect(parseMemory('--mem', '4096')).toBe(4096);
    expect(parseMemory('--mem', '2g')).toBe(2048);
    expect(parseMemory('--mem', '1T')).toBe(1024 * 1024);
  });
});

/** What the test reads of a Job. */
interface Job {
  kind: string;
  spec: { completionMode?: string; template: { spec: { volumes: unknown[]; containers: { command: string[] }[] } } };
}

describe('mapf-lab kubernetes', () => {
  it('writes an Indexed Job whose pods run shard JOB_COMPLETION_INDEX+1, and a merge Job, as YAML', async () => {
    const { dir, file } = setup();
    const r = await run(['kubernetes', file, '--tasks', '4', '--max-running', '3', '--cpus', '2', '--mem', '3G', '--time', '45', '--image', 'registry.example/mapf-lab:1', '--claim', 'lab-data', '--data', dir, '--out', join(dir, 'res')]);
    expect(r.code, r.err).toBe(0);
    const path = join(dir, 'res', 'kubernetes.yaml');
    const text = readFileSync(path, 'utf8');
    expect(text).toContain(`kubectl apply -f '${path}' -l mapf-lab/step=shards`);
    const docs = parseAllDocuments(text);
    expect(docs.map((d) => d.errors)).toEqual([[], []]);
    const [shards, merge] = docs.map((d) => d.toJS()) as Job[];
    expect(shards).toMatchObject({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'mapf-lab-wide-sweep-s-test-shards', labels: { 'mapf-lab/step': 'shards' } },
      spec: { completionMode: 'Indexed', completions: 4, parallelism: 3, template: { spec: { restartPolicy: 'Never', activeDeadlineSeconds: 2700 } } },
    });
    const pod = shards.spec.template.spec;
    expect(pod.volumes).toEqual([{ name: 'data', persistentVolumeClaim: { claimName: 'lab-data' } }]);
    const [container] = pod.containers;
    expect(container).toMatchObject({ image: 'registry.example/mapf-lab:1', workingDir: '/mapf-lab', resources: { requests: { cpu: '2', memory: '3072Mi' }, limits: { memory: '3072Mi' } }, volumeMounts: [{ name: 'data', mountPath: '/data' }] });
    expect(container.command.slice(0, 2)).toEqual(['bash', '-c']);
    expect(merge).toMatchObject({ kind: 'Job', metadata: { name: 'mapf-lab-wide-sweep-s-test-merge', labels: { 'mapf-lab/step': 'merge' } } });
    expect(merge.spec.completionMode).toBeUndefined();

    // The pods' commands, run with a stand-in node: index 1 runs shard 2/4, paths on the volume.
    const bin = mkdtempSync(join(tmpdir(), 'mapf-fake-'));
    const log = join(bin, 'log');
    recorder(bin, 'node');
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, FAKE_LOG: log };
    const shard = spawnSync('bash', ['-c', container.command[2]], { encoding: 'utf8', env: { ...env, JOB_COMPLETION_INDEX: '1' } });
    expect(shard.status, shard.stderr).toBe(0);
    expect(calls(log)).toEqual([['/mapf-lab/bin/mapf-lab.mjs', 'experiment', '/data/sweep.json', '--shard', '2/4', '--out', '/data/res/shards/2-of-4', '--workers', '2', '--accept-errors']]);
    const merged = spawnSync('bash', ['-c', merge.spec.template.spec.containers[0].command[2]], { encoding: 'utf8', env });
    expect(merged.status, merged.stderr).toBe(0);
    expect(calls(log).slice(1)).toEqual([
      ['/mapf-lab/bin/mapf-lab.mjs', 'merge', ...[1, 2, 3, 4].map((i) => `/data/res/shards/${i}-of-4`), '--out', '/data/res'],
      ['/mapf-lab/bin/mapf-lab.mjs', 'report', '/data/res'],
    ]);
  });

  it('needs an image and a claim, and the files inside the claim\'s folder', async () => {
    const { dir, file } = setup();
    expect((await run(['kubernetes', file, '--tasks', '2', '--claim', 'c'])).err).toMatch(/--image IMAGE is required/);
    expect((await run(['kubernetes', file, '--tasks', '2', '--image', 'i'])).err).toMatch(/--claim PVC is required/);
    const outside = await run(['kubernetes', file, '--tasks', '2', '--image', 'i', '--claim', 'c', '--data', join(dir, 'elsewhere'), '--out', join(dir, 'elsewhere', 'res')]);
    expect(outside.code).toBe(2);
    expect(outside.err).toMatch(/the experiment file .*sweep\.json is outside --data .*elsewhere/);
  });
});

describe('mapf-lab experiment --accept-errors', () => {
  it('exits 0 when the sweep ran to its end with runs recorded as errors, 1 without the flag', async () => {
    // The scale solvers refuse moving obstacles: PIBT records an error that says so.
    const { dir, file } = setup({ ...SWEEP, timeLimitSeconds: 5, solvers: [{ solver: 'pibt' }], obstacles: { count: 2 }, maps: [{ kind: 'random', width: 10, height: 10, density: 0.2, seeds: [1] }] });
    const plain = await run(['experiment', file, '--out', join(dir, 'a'), '--quiet', '--workers', '1']);
    expect(plain.code).toBe(1);
    expect(plain.out).toMatch(/2 errors/);
    const accepted = await run(['experiment', file, '--out', join(dir, 'b'), '--quiet', '--workers', '1', '--accept-errors']);
    expect(accepted.code).toBe(0);
    expect(accepted.out).toMatch(/2 errors/);
  });
});
