/**
 * The Slurm submission of an experiment: one bash file that, run on a login node, submits itself
 * twice with sbatch: as a job array of N tasks (task I runs shard I/N into its own folder), and as
 * a merge job that starts when every task succeeded (`--dependency=afterok`) and merges the
 * shards and writes the report. MAPF_LAB_STEP tells the copies what they are.
 */
import { type ClusterPlan, formatSlurmTime, shellWord } from './clusterPlan.ts';

export interface SlurmOptions {
  partition?: string;
  account?: string;
  /** The file's own absolute path: the jobs are this same file. */
  scriptPath: string;
}

/** A Slurm job name: the experiment's name without spaces or quotes, short enough for squeue. */
function jobName(name: string): string {
  return `mapf-${name.replace(/[^\w.-]+/g, '_').slice(0, 40)}`;
}

function memory(mb: number): string {
  return mb % 1024 === 0 ? `${mb / 1024}G` : `${mb}M`;
}

export function slurmScript(plan: ClusterPlan, options: SlurmOptions): string {
  const { tasks } = plan;
  const cap = plan.maxRunning === undefined ? '' : `%${plan.maxRunning}`;
  const common = [
    options.partition === undefined ? '' : ` --partition=${shellWord(options.partition)}`,
    options.account === undefined ? '' : ` --account=${shellWord(options.account)}`,
  ].join('');
  const name = shellWord(jobName(plan.experimentName));
  const retry = plan.retryErrors ? ' --retry-errors' : '';
  return `#!/usr/bin/env bash
# Experiment '${plan.experimentName.replace(/[\r\n]/g, ' ')}' as a Slurm job array, written by \`mapf-lab slurm\`.
${plan.sizing.map((line) => `#   ${line}`).join('\n')}
#
# Submit from a login node, in any folder:   bash ${shellWord(options.scriptPath)}
#   Task I of the array (${tasks} tasks${cap ? `, at most ${plan.maxRunning} at once` : ''}) runs shard I/${tasks} into OUT/shards/I-of-${tasks}; once all
#   succeeded the merge job (afterok) merges them into OUT and writes OUT/report.html. Arguments
#   go to the merge job's sbatch: \`--wait\` returns when the merge is done, with its exit code.
# Submitting again resumes: each task skips the runs its folder has recorded, and the merge adds
# to what OUT holds. Logs: OUT/logs/JOBID-TASK.out and OUT/logs/JOBID-merge.out.
# Node.js: the \`node\` on the PATH at submission (sbatch passes the environment on); set
# MAPF_LAB_NODE to run another. The repository must be at the same path on the compute nodes.
set -euo pipefail

MAPF_LAB=${shellWord(plan.cli)}
EXPERIMENT=${shellWord(plan.experimentFile)}
OUT=${shellWord(plan.out)}
TASKS=${tasks}
SCRIPT=${shellWord(options.scriptPath)}
NODE="\${MAPF_LAB_NODE:-node}"

shard_dir() { echo "$OUT/shards/$1-of-$TASKS"; }

case "\${MAPF_LAB_STEP:-submit}" in
  submit)
    if [ -n "\${SLURM_JOB_ID:-}" ]; then
      echo "run this file with bash on a login node (it submits the array and the merge job itself), not with sbatch" >&2
      exit 2
    fi
    mkdir -p "$OUT/logs"
    array="$(sbatch --parsable --job-name=${name}${common} --array=0-${tasks - 1}${cap} \\
      --cpus-per-task=${plan.cpus} --mem=${memory(plan.memMb)} --time=${formatSlurmTime(plan.timeSeconds)} \\
      --output="$OUT/logs/%A-%a.out" --export=ALL,MAPF_LAB_STEP=shard "$SCRIPT")"
    array="\${array%%;*}"
    echo "job array $array: $TASKS tasks, shard folders in $OUT/shards"
    merge="$(sbatch --parsable --job-name=${shellWord(`${jobName(plan.experimentName)}-merge`)}${common} --dependency="afterok:$array" --kill-on-invalid-dep=yes \\
      --cpus-per-task=1 --mem=2G --time=${formatSlurmTime(plan.mergeSeconds)} \\
      --output="$OUT/logs/%j-merge.out" --export=ALL,MAPF_LAB_STEP=merge "$@" "$SCRIPT")"
    merge="\${merge%%;*}"
    echo "merge job $merge: merges into $OUT and writes the report once every task succeeded"
    # sbatch --wait reports a job cancelled before it started (a task failed) as exit 0: say it.
    for arg in "$@"; do
      if { [ "$arg" = --wait ] || [ "$arg" = -W ]; } && [ ! -e "$OUT/logs/$merge-merge.out" ]; then
        echo "the merge job did not run: a task failed (logs: $OUT/logs/$array-*.out); submit again to resume" >&2
        exit 1
      fi
    done
    ;;
  shard)
    shard=$((SLURM_ARRAY_TASK_ID + 1))
    echo "shard $shard/$TASKS of $EXPERIMENT on $(hostname), \${SLURM_CPUS_PER_TASK:-1} CPUs"
    "$NODE" "$MAPF_LAB" experiment "$EXPERIMENT" --shard "$shard/$TASKS" --out "$(shard_dir "$shard")" \\
      --workers "\${SLURM_CPUS_PER_TASK:-1}" --accept-errors${retry}
    ;;
  merge)
    dirs=()
    for shard in $(seq 1 "$TASKS"); do dirs+=("$(shard_dir "$shard")"); done
    "$NODE" "$MAPF_LAB" merge "\${dirs[@]}" --out "$OUT"
    "$NODE" "$MAPF_LAB" report "$OUT"
    ;;
  *)
    echo "unknown MAPF_LAB_STEP '$MAPF_LAB_STEP' (submit, shard or merge)" >&2
    exit 2
    ;;
esac
`;
}
