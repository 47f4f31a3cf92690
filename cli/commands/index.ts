/** Every subcommand, in the order `mapf-lab --help` lists them. Add new commands here. */
import type { Command } from '../command.ts';
import { exampleCommand } from './example.ts';
import { pathCommand } from './path.ts';
import { experimentCommand } from './experiment.ts';
import { mergeCommand } from './merge.ts';
import { reportCommand } from './report.ts';
import { solveCommand } from './solve.ts';

export const COMMANDS: readonly Command[] = [exampleCommand, solveCommand, experimentCommand, mergeCommand, reportCommand, pathCommand];
