/** Every subcommand, in the order `mapf-lab --help` lists them. Add new commands here. */
import type { Command } from '../command.ts';
import { exampleCommand } from './example.ts';

export const COMMANDS: readonly Command[] = [exampleCommand];
