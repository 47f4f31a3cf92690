/** Every subcommand, in the order `mapf-lab --help` lists them. Add new commands here. */
import type { Command } from '../command.ts';
import { exampleCommand } from './example.ts';
import { pathCommand } from './path.ts';
import { levelImportCommand } from './levelImport.ts';
import { levelMarksCommand } from './levelMarks.ts';
import { experimentCommand } from './experiment.ts';
import { mergeCommand } from './merge.ts';
import { reportCommand } from './report.ts';
import { solveCommand } from './solve.ts';
import { capacityCommand } from './capacity.ts';
import { guidanceCommand } from './guidance.ts';
import { slurmCommand } from './slurm.ts';
import { kubernetesCommand } from './kubernetes.ts';

export const COMMANDS: readonly Command[] = [exampleCommand, solveCommand, capacityCommand, guidanceCommand, experimentCommand, slurmCommand, kubernetesCommand, mergeCommand, reportCommand, pathCommand, levelImportCommand, levelMarksCommand];
