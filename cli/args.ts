/**
 * One way to read a command line: each command declares its options once (an OptionTable), and
 * both the parsing (Node's util.parseArgs, strict) and the Options section of its help come from
 * that declaration, so an option added to a command is parsed and documented alike.
 */
import { parseArgs } from 'node:util';
import { UsageError } from './command.ts';

export interface OptionDecl {
  /** Placeholder for the value in help (`FILE.map`, `K`); a declaration without one is a flag. */
  value?: string;
  /** Repeatable: every occurrence is kept, in order. */
  multiple?: boolean;
  /** What the option does; a line break starts an indented continuation line. */
  help: string;
}

export type OptionTable = Readonly<Record<string, OptionDecl>>;

/** The values read for a table: a string (or strings, when repeatable) per option given, true for a flag. */
export type OptionValues<T extends OptionTable> = {
  [K in keyof T]?: T[K] extends { multiple: true } ? string[] : T[K] extends { value: string } ? string : boolean;
};

export interface ParsedLine<T extends OptionTable> {
  values: OptionValues<T>;
  positionals: string[];
}

const NEGATIVE_NUMBER = /^-\d/;

/**
 * Reads `args` against `table`. `--name value` and `--name=value` both work, a value may be a
 * negative number (`--seed -3`); an unknown option, a missing value, or (unless `positionals`)
 * a stray argument is a UsageError naming it.
 */
export function parseCommandLine<T extends OptionTable>(table: T, args: readonly string[], options: { positionals?: boolean } = {}): ParsedLine<T> {
  const normalised: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const decl = arg.startsWith('--') && !arg.includes('=') ? table[arg.slice(2)] : undefined;
    const next = args[i + 1];
    if (decl?.value !== undefined) {
      // util.parseArgs takes a following '-3' for an option, and a following '--json' for a value; say both plainly.
      if (next === undefined || (next.startsWith('-') && !NEGATIVE_NUMBER.test(next))) throw new UsageError(`${arg} needs a value`);
      normalised.push(`${arg}=${next}`);
      i++;
    } else normalised.push(arg);
  }
  const parseOptions: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> = {};
  for (const [name, decl] of Object.entries(table)) parseOptions[name] = { type: decl.value !== undefined ? 'string' : 'boolean', multiple: decl.multiple === true };
  try {
    const { values, positionals } = parseArgs({ args: normalised, options: parseOptions, strict: true, allowPositionals: options.positionals ?? false });
    return { values: values as OptionValues<T>, positionals };
  } catch (error) {
    throw new UsageError(usageMessage(error, table));
  }
}

/** util.parseArgs's errors, in the words this command line uses everywhere. */
function usageMessage(error: unknown, table: OptionTable): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const quoted = /'([^']+)'/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && quoted) return `unknown option '${quoted.split(' ')[0]}'`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' && quoted) return `unexpected argument '${quoted}'`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && quoted) {
    const name = quoted.split(' ')[0];
    const decl = table[name.replace(/^--/, '')];
    return decl?.value !== undefined ? `${name} needs a value` : `${name} takes no value`;
  }
  return message;
}

/** The Options section of a command's help: one entry per declared option, in declaration order. */
export function optionsHelp(table: OptionTable): string[] {
  const heads = Object.entries(table).map(([name, decl]) => `--${name}${decl.value !== undefined ? ` ${decl.value}` : ''}`);
  const width = Math.max(...heads.map((h) => h.length)) + 2;
  const lines: string[] = [];
  Object.values(table).forEach((decl, i) => {
    const [first, ...rest] = decl.help.split('\n');
    lines.push(`  ${heads[i].padEnd(width)}${first}${decl.multiple ? ' (repeatable)' : ''}`);
    for (const line of rest) lines.push(`  ${' '.repeat(width)}${line}`);
  });
  return lines;
}

/** A command's whole help: the text before the options, the generated Options section, the text after. */
export function commandUsage(before: readonly string[], table: OptionTable, after: readonly string[] = []): string {
  return [...before, '', 'Options:', ...optionsHelp(table), ...(after.length > 0 ? ['', ...after] : [])].join('\n');
}

/** A whole number >= min from an option's text, or a UsageError naming the option. */
export function wholeNumber(option: string, text: string | undefined, min = 1): number {
  const value = Number(text);
  if (text === undefined || text.trim() === '' || !Number.isInteger(value) || value < min) {
    throw new UsageError(`${option} needs a whole number >= ${min}, got ${text === undefined ? 'nothing' : `'${text}'`}`);
  }
  return value;
}

/** One of `choices`, or a UsageError listing them. */
export function oneOf<C extends string>(option: string, text: string, choices: readonly C[]): C {
  if (!(choices as readonly string[]).includes(text)) throw new UsageError(`${option} must be ${choices.join(' or ')}, got '${text}'`);
  return text as C;
}
