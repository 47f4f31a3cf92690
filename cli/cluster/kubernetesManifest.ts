/**
 * The Kubernetes submission of an experiment: an Indexed Job (completionMode Indexed; each pod
 * reads its index from JOB_COMPLETION_INDEX, 0-based, and runs shard index+1 of N into its own
 * folder) and a merge Job. Kubernetes has no dependency between Jobs, so the two are labelled by
 * step and applied one after the other (`kubectl apply -l mapf-lab/step=shards`, `kubectl wait`,
 * `kubectl apply -l mapf-lab/step=merge`): the merge never reads a shard still being written.
 * The pods run an image holding the repository with its dependencies installed, and a
 * PersistentVolumeClaim holding the experiment file, its maps and the results.
 */
import { isAbsolute, relative, sep } from 'node:path';
import { stringify } from 'yaml';
import { UsageError } from '../command.ts';
import type { ClusterPlan } from './clusterPlan.ts';
import { shellWord } from './clusterPlan.ts';

export interface KubernetesOptions {
  image: string;
  /** Where the repository is inside the image. */
  repo: string;
  /** The PersistentVolumeClaim holding `dataDir`'s contents, mounted at DATA_MOUNT. */
  claim: string;
  /** The local folder the claim holds; the experiment file and the results folder must be inside it. */
  dataDir: string;
  /** Where the manifest is written, for the header's kubectl lines. */
  manifestPath: string;
}

export const DATA_MOUNT = '/data';

/** A name Kubernetes accepts (RFC 1123 label): lower case letters, digits and '-'. */
export function kubernetesName(experimentName: string): string {
  const slug = experimentName.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 40).replace(/^-+|-+$/g, '');
  return `mapf-lab-${slug === '' ? 'experiment' : slug}`;
}

/** `path` (local, inside dataDir) as the pods see it under DATA_MOUNT. */
function inPod(path: string, dataDir: string, what: string, option: string): string {
  const rel = relative(dataDir, path);
  if (rel.startsWith('..') || isAbsolute(rel)) throw new UsageError(`${what} ${path} is outside --data ${dataDir}, the folder the volume claim holds: pass the folder that holds both (${option})`);
  return rel === '' ? DATA_MOUNT : `${DATA_MOUNT}/${rel.split(sep).join('/')}`;
}

export interface KubernetesManifest {
  /** The YAML file: a header saying how to apply it, then the two Jobs. */
  text: string;
  /** The Jobs as objects (what the text holds). */
  jobs: [Record<string, unknown>, Record<string, unknown>];
  shardsJob: string;
  mergeJob: string;
}

export function kubernetesManifest(plan: ClusterPlan, options: KubernetesOptions): KubernetesManifest {
  const experiment = inPod(plan.experimentFile, options.dataDir, 'the experiment file', '--data DIR');
  const out = inPod(plan.out, options.dataDir, 'the results folder', '--data DIR or --out DIR');
  const name = kubernetesName(plan.experimentName);
  const shardsJob = `${name}-shards`;
  const mergeJob = `${name}-merge`;
  const cli = `${options.repo.replace(/\/+$/, '')}/bin/mapf-lab.mjs`;
  const tasks = plan.tasks;
  const labels = (step: string) => ({ 'app.kubernetes.io/name': 'mapf-lab', 'mapf-lab/experiment': name.slice('mapf-lab-'.length), 'mapf-lab/step': step });
  const volumes = [{ name: 'data', persistentVolumeClaim: { claimName: options.claim } }];
  const volumeMounts = [{ name: 'data', mountPath: DATA_MOUNT }];
  const shardScript = [
    'set -eu',
    'shard=$((JOB_COMPLETION_INDEX + 1))',
    `exec node ${shellWord(cli)} experiment ${shellWord(experiment)} --shard "$shard/${tasks}" --out ${shellWord(`${out}/shards`)}/"$shard-of-${tasks}" --workers ${plan.cpus} --accept-errors${plan.retryErrors ? ' --retry-errors' : ''}`,
  ].join('\n');
  const mergeScript = [
    'set -eu',
    'dirs=()',
    `for shard in $(seq 1 ${tasks}); do dirs+=(${shellWord(`${out}/shards`)}/"$shard-of-${tasks}"); done`,
    `node ${shellWord(cli)} merge "\${dirs[@]}" --out ${shellWord(out)}`,
    `node ${shellWord(cli)} report ${shellWord(out)}`,
  ].join('\n');
  const memory = `${plan.memMb}Mi`;

  const shards = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: shardsJob, labels: labels('shards') },
    spec: {
      completionMode: 'Indexed',
      completions: tasks,
      parallelism: plan.maxRunning ?? tasks,
      // A pod that fails (node lost, out of memory) is started again and resumes its shard.
      backoffLimit: 2 * tasks,
      template: {
        metadata: { labels: labels('shards') },
        spec: {
          restartPolicy: 'Never',
          activeDeadlineSeconds: plan.timeSeconds,
          containers: [{
            name: 'shard',
            image: options.image,
            workingDir: options.repo,
            command: ['bash', '-c', shardScript],
            resources: { requests: { cpu: String(plan.cpus), memory }, limits: { memory } },
            volumeMounts,
          }],
          volumes,
        },
      },
    },
  };
  const merge = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: mergeJob, labels: labels('merge') },
    spec: {
      backoffLimit: 2,
      template: {
        metadata: { labels: labels('merge') },
        spec: {
          restartPolicy: 'Never',
          activeDeadlineSeconds: plan.mergeSeconds,
          containers: [{
            name: 'merge',
            image: options.image,
            workingDir: options.repo,
            command: ['bash', '-c', mergeScript],
            resources: { requests: { cpu: '1', memory: '2Gi' }, limits: { memory: '2Gi' } },
            volumeMounts,
          }],
          volumes,
        },
      },
    },
  };
  const file = shellWord(options.manifestPath);
  const header = [
    `Experiment '${plan.experimentName.replace(/[\r\n]/g, ' ')}' as a Kubernetes Indexed Job, written by \`mapf-lab kubernetes\`.`,
    ...plan.sizing.map((line) => `  ${line}`),
    '',
    `Pods run image ${options.image} (the repository at ${options.repo}, dependencies installed) and mount`,
    `claim ${options.claim} at ${DATA_MOUNT} (it holds ${options.dataDir}: the experiment file, its maps, the results).`,
    `Pod I (JOB_COMPLETION_INDEX I-1) runs shard I/${tasks} into ${out}/shards/I-of-${tasks}. Jobs have no`,
    'dependencies, so apply the steps in turn:',
    `  kubectl apply -f ${file} -l mapf-lab/step=shards`,
    `  kubectl wait --for=condition=complete --timeout=-1s job/${shardsJob}`,
    `  kubectl apply -f ${file} -l mapf-lab/step=merge      # merges into ${out}, writes report.html`,
    `To resume (a pod past its deadline, a lost node): \`kubectl delete job ${shardsJob} ${mergeJob}\`, then the same`,
    'steps: every pod skips the runs its folder has recorded.',
  ];
  const text = `${header.map((l) => `# ${l}`.trimEnd()).join('\n')}\n${[shards, merge].map((job) => `---\n${stringify(job, { lineWidth: 0 })}`).join('')}`;
  return { text, jobs: [shards, merge], shardsJob, mergeJob };
}
