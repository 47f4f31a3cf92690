/**
 * The set-up every engine crowd model shares: its params read with the shared disc params, the
 * run's time limit started, the world of discs (each unit's size, speed and priority from the
 * scenario), the results that end a run during set-up (a unit that cannot reach its goal, a
 * cancel, the limit, a model that cannot run), and the run handed to the simulator (runCrowd).
 */
import type { MapfInstance } from '../../mapf/instance.ts';
import { type Deadline, deadlineOf } from '../../util/clock.ts';
import type { ParamSpec, SolveOptions, SolveResult } from '../../contract/types.ts';
import { type CrowdResume, type CrowdRun, type CrowdStep, CrowdWorld, runCrowd, setupEnded } from './crowdWorld.ts';
import { type CrowdSettings, defaultTurnLimit, readCrowdParams } from './params.ts';

export class CrowdSetup {
  readonly deadline: Deadline;
  readonly settings: CrowdSettings;
  /** Every param's value, the model's own included. */
  readonly values: Record<string, unknown>;
  /** Work done setting up (cells expanded by searches), reported in the run's stats. */
  expanded = 0;

  /** `resume`: the units' continuous state to start from (CrowdWorld), else their start cells at rest. */
  constructor(readonly solver: string, own: readonly ParamSpec[], readonly instance: MapfInstance, readonly options: SolveOptions, private readonly resume?: CrowdResume) {
    this.deadline = deadlineOf(options);
    const { settings, values } = readCrowdParams(solver, own, options.params ?? {});
    this.settings = settings;
    this.values = values;
  }

  /** A cancel or the time limit has come. */
  interrupted(): boolean {
    return (this.options.shouldStop?.() ?? false) || this.deadline.passed();
  }

  /** The run ends in set-up: unit `unreachable` (from 0) cannot reach its goal, or (-1) it was cancelled or timed out while doing `phase`. */
  ended(unreachable: number, phase?: string): SolveResult {
    return setupEnded(this.solver, this.instance, this.options, this.deadline, unreachable, this.expanded, phase);
  }

  /** The model cannot run here, saying why. */
  failed(message: string): SolveResult {
    return { solver: this.solver, status: 'failed', paths: [], message, stats: { expanded: this.expanded, generated: 0, elapsedMs: this.deadline.elapsedMs() } };
  }

  world(): CrowdWorld {
    return new CrowdWorld(this.instance, this.settings, this.resume);
  }

  /** The run to simulate: its turn limit from the longest path (cells) at the slowest unit's speed unless the params set one. */
  run(world: CrowdWorld, longest: number, step: CrowdStep, dispose?: () => void): CrowdRun {
    let slowest = this.settings.maxSpeed;
    for (let a = 0; a < world.n; a++) slowest = Math.min(slowest, world.maxSpeed[a]);
    return {
      solver: this.solver,
      options: this.options,
      world,
      turnLimit: this.settings.turnLimit ?? defaultTurnLimit(longest, slowest),
      step,
      setupMs: this.deadline.elapsedMs(),
      expanded: this.expanded,
      deadline: this.deadline,
      ...(dispose ? { dispose } : {}),
    };
  }
}

/** A model's solve(): its set-up, then the simulation, unless set-up ended the run. */
export function solveCrowd(setUp: (instance: MapfInstance, options: SolveOptions) => CrowdRun | SolveResult): (instance: MapfInstance, options: SolveOptions) => SolveResult {
  return (instance, options) => {
    const run = setUp(instance, options);
    return 'status' in run ? run : runCrowd(run);
  };
}
