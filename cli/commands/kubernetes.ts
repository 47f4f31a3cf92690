/**
 * `mapf-lab kubernetes FILE.json --tasks N --image IMAGE --claim PVC`: writes the manifest that
 * runs an experiment as a Kubernetes Indexed Job of N shards and a merge Job
 * (cli/cluster/kubernetesManifest.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Command } from '../command.ts';
import { UsageError } from '../command.ts';
import { type OptionTable, commandUsage, parseCommandLine } from '../args.ts';
import { CLUSTER_OPTIONS, clusterRequest, experimentFileArgument } from '../cluster/clusterOptions.ts';
import { planCluster } from '../cluster/clusterPlan.ts';
import { DATA_MOUNT, kubernetesManifest } from '../cluster/kubernetesManifest.ts';

const OPTIONS = {
  ...CLUSTER_OPTIONS,
  image: { value: 'IMAGE', help: 'the container image: this repository with its dependencies installed (required)' },
  repo: { value: 'PATH', help: 'where the repository is inside the image (default: /mapf-lab)' },
  claim: { value: 'PVC', help: `the PersistentVolumeClaim the pods mount at ${DATA_MOUNT} (required)` },
  data: { value: 'DIR', help: 'the local folder whose contents the claim holds (default: the current folder);\nthe experiment file, its maps and DIR must be inside it' },
  manifest: { value: 'FILE', help: 'where the manifest goes (default: DIR/kubernetes.yaml)' },
} as const satisfies OptionTable;

const USAGE = commandUsage([
  'Usage: mapf-lab kubernetes FILE.json --tasks N --image IMAGE --claim PVC [--repo PATH] [--data DIR]',
  '                           [--out DIR] [--cpus C] [--mem SIZE] [--time T] [--max-running K]',
  '                           [--manifest FILE] [--retry-errors]',
  '',
  'Writes a Kubernetes manifest: an Indexed Job of N pods, pod I (JOB_COMPLETION_INDEX + 1)',
  'running `mapf-lab experiment FILE --shard I/N` into DIR/shards/I-of-N, and a merge Job that',
  'runs `mapf-lab merge` into DIR and `mapf-lab report`. Jobs have no dependencies: the header says',
  'how to apply the two in turn (kubectl apply -l mapf-lab/step=shards, kubectl wait, then',
  'step=merge). Applying again after deleting the Jobs resumes: each pod skips recorded runs.',
], OPTIONS, [
  'Defaults come from the experiment\'s size; the manifest\'s header says how.',
]);

export const kubernetesCommand: Command = {
  name: 'kubernetes',
  summary: 'Write the manifest that runs an experiment as a Kubernetes Indexed Job and a merge Job',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseCommandLine(OPTIONS, args, { positionals: true });
    const request = clusterRequest(experimentFileArgument(positionals), values);
    if (values.image === undefined) throw new UsageError('--image IMAGE is required: an image holding this repository with its dependencies installed (npm ci)');
    if (values.claim === undefined) throw new UsageError(`--claim PVC is required: the PersistentVolumeClaim holding the experiment and its results, mounted at ${DATA_MOUNT}`);
    const plan = planCluster(request);
    const manifestPath = resolve(values.manifest ?? join(plan.out, 'kubernetes.yaml'));
    const manifest = kubernetesManifest(plan, { image: values.image, repo: values.repo ?? '/mapf-lab', claim: values.claim, dataDir: resolve(values.data ?? '.'), manifestPath });
    mkdirSync(dirname(manifestPath), { recursive: true });
    writeFileSync(manifestPath, manifest.text);
    io.out([
      `${plan.experimentName}: ${plan.runs} runs as a Kubernetes Indexed Job of ${plan.tasks} pods (${plan.cpus} CPUs, ${plan.memMb} MiB each${plan.maxRunning ? `, at most ${plan.maxRunning} at once` : ''}) and a merge Job`,
      `manifest: ${manifestPath}`,
      `apply:    kubectl apply -f ${manifestPath} -l mapf-lab/step=shards`,
      `          kubectl wait --for=condition=complete --timeout=-1s job/${manifest.shardsJob}`,
      `          kubectl apply -f ${manifestPath} -l mapf-lab/step=merge`,
    ].join('\n'));
    return 0;
  },
};
