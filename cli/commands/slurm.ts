/**
 * `mapf-lab slurm FILE.json --tasks N`: writes the bash file that submits an experiment to Slurm
 * as a job array of N shards and a merge job (cli/cluster/slurmScript.ts).
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Command } from '../command.ts';
import { type OptionTable, commandUsage, parseCommandLine } from '../args.ts';
import { CLUSTER_OPTIONS, clusterRequest, experimentFileArgument } from '../cluster/clusterOptions.ts';
import { formatSlurmTime, planCluster } from '../cluster/clusterPlan.ts';
import { slurmScript } from '../cluster/slurmScript.ts';

const OPTIONS = {
  ...CLUSTER_OPTIONS,
  partition: { value: 'P', help: 'the Slurm partition (default: the cluster\'s default)' },
  account: { value: 'A', help: 'the Slurm account to charge (default: yours)' },
  script: { value: 'FILE', help: 'where the script goes (default: DIR/slurm.sh)' },
} as const satisfies OptionTable;

const USAGE = commandUsage([
  'Usage: mapf-lab slurm FILE.json --tasks N [--out DIR] [--cpus C] [--mem SIZE] [--time T]',
  '                      [--max-running K] [--partition P] [--account A] [--script FILE] [--retry-errors]',
  '',
  'Writes a bash script that submits the experiment to Slurm: a job array of N tasks, task I',
  'running `mapf-lab experiment FILE --shard I/N` (I = SLURM_ARRAY_TASK_ID + 1) into',
  'DIR/shards/I-of-N with one solver worker per CPU, and a merge job that starts once every task',
  'succeeded (--dependency=afterok) and runs `mapf-lab merge` into DIR and `mapf-lab report`.',
  'Submit with `bash FILE` on a login node (arguments go to the merge job\'s sbatch: `--wait`',
  'waits for the merge). Submitting again resumes: each task skips the runs already recorded.',
  'The jobs call this checkout\'s bin/mapf-lab.mjs by its absolute path, with the `node` on the',
  'PATH (or MAPF_LAB_NODE): the repository must be at the same path on the compute nodes.',
], OPTIONS, [
  'Defaults come from the experiment\'s size; the script\'s header says how.',
]);

export const slurmCommand: Command = {
  name: 'slurm',
  summary: 'Write the script that runs an experiment on Slurm as a job array of shards and a merge',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseCommandLine(OPTIONS, args, { positionals: true });
    const plan = planCluster(clusterRequest(experimentFileArgument(positionals), values));
    const scriptPath = resolve(values.script ?? join(plan.out, 'slurm.sh'));
    mkdirSync(dirname(scriptPath), { recursive: true });
    writeFileSync(scriptPath, slurmScript(plan, { partition: values.partition, account: values.account, scriptPath }));
    chmodSync(scriptPath, 0o755);
    io.out([
      `${plan.experimentName}: ${plan.runs} runs as a Slurm array of ${plan.tasks} tasks (${plan.cpus} CPUs, ${plan.memMb} MB, ${formatSlurmTime(plan.timeSeconds)} each${plan.maxRunning ? `, at most ${plan.maxRunning} at once` : ''}) and a merge job`,
      `script: ${scriptPath}`,
      `submit: bash ${scriptPath}`,
      `results: ${plan.out} (report.html once the merge job is done)`,
    ].join('\n'));
    return 0;
  },
};
