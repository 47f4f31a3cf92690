/**
 * Entry of the mapf-lab command line: dispatches to a subcommand, turns usage errors into a
 * message and exit code 2, and any other error into a message and exit code 1.
 */
import type { CommandIo } from './command.ts';
import { UsageError } from './command.ts';
import { COMMANDS } from './commands/index.ts';
import { MAX_MAP_CELLS, MAX_RUNS, MAX_UNITS, formatCount } from '../core/util/limits.ts';

const stdio: CommandIo = {
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  errTerminal: process.stderr.isTTY
    ? {
        write: (text) => process.stderr.write(text),
        get columns() {
          return process.stderr.columns || 80; // 0 when the terminal does not say
        },
      }
    : undefined,
};

export function helpText(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'mapf-lab: multi-agent pathfinding laboratory (command line)',
    '',
    'Usage: mapf-lab <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `mapf-lab <command> --help` for the options of one command.',
    '',
    `Limits (refused before any work): ${formatCount(MAX_UNITS)} units per scenario, ${formatCount(MAX_MAP_CELLS)} cells`,
    `per map (8192x4096), ${formatCount(MAX_RUNS)} runs per experiment.`,
    '',
    'Runs from the bundle in out/cli/, rebuilt when a source changed; MAPF_LAB_DEV=1 runs the',
    'TypeScript sources through tsx instead.',
  ].join('\n');
}

export async function main(argv: string[], io: CommandIo = stdio): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? COMMANDS.find((c) => c.name === rest[0]) : undefined;
    io.out(topic ? topic.usage : helpText());
    return 0;
  }
  if (name === '--version') {
    io.out('mapf-lab 0.1.0');
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`mapf-lab: unknown command '${name}'\n\n${helpText()}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.usage);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`mapf-lab ${name}: ${error.message}\n\n${command.usage}`);
      return 2;
    }
    io.err(`mapf-lab ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
