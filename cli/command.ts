/** A subcommand of the mapf-lab command line. */
export interface Command {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Full usage text for `mapf-lab help NAME` and `mapf-lab NAME --help`. */
  usage: string;
  /** Runs with the arguments after the command name; resolves to the exit code. */
  run(args: string[], io: CommandIo): Promise<number>;
}

/** Where a command writes, so tests can capture it. */
export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
  /** Present when stderr is a terminal: raw writes (no newline added) for a progress bar that redraws itself. */
  errTerminal?: { write(text: string): void; columns: number };
}

/** A bad command line: printed with the command's usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
