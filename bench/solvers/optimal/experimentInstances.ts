/**
 * The instances an experiment file describes (e.g. experiments/standley2010.json), built exactly
 * as `mapf-lab experiment` builds them (core/experiments: planRuns, then InstanceBuilder), so that
 * bench:optimal can time the shipped experiment's own instances on this thread's CPU clock.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import { InstanceBuilder } from '../../../core/experiments/instances.ts';
import { planRuns } from '../../../core/experiments/runPlan.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';

export interface NamedInstance {
  /** The run plan's instance key (map name, instance number, agent count). */
  label: string;
  instance: MapfInstance;
}

/** Each distinct instance of the experiment at `path`, in the order the sweep runs them. */
export function experimentInstances(path: string): NamedInstance[] {
  const experiment = parseExperiment(JSON.parse(readFileSync(path, 'utf8')));
  const folder = dirname(path);
  const builder = new InstanceBuilder({ readText: (file) => readFileSync(resolve(folder, file), 'utf8') });
  const seen = new Set<string>();
  const instances: NamedInstance[] = [];
  for (const run of planRuns(experiment)) {
    if (seen.has(run.instanceKey)) continue;
    seen.add(run.instanceKey);
    instances.push({ label: run.instanceKey, instance: builder.build(run).instance });
  }
  return instances;
}
