/**
 * The one command-line reader (cli/args.ts): every command's options are declared once, parsed
 * with util.parseArgs and listed in its help from the same declaration.
 */
import { describe, expect, it } from 'vitest';
import { type OptionTable, commandUsage, optionsHelp, parseCommandLine } from '../../cli/args.ts';
import { UsageError } from '../../cli/command.ts';
import { COMMANDS } from '../../cli/commands/index.ts';
import { main } from '../../cli/main.ts';

const TABLE = {
  map: { value: 'FILE', help: 'a map' },
  seed: { value: 'N', help: 'a seed' },
  param: { value: 'NAME=VALUE', multiple: true, help: 'a parameter\nsecond line' },
  json: { help: 'JSON out' },
} as const satisfies OptionTable;

function usageError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('parseCommandLine', () => {
  it('reads --name value, --name=value, flags, repeatable options and negative numbers', () => {
    const { values } = parseCommandLine(TABLE, ['--map', 'x.map', '--param', 'a=1', '--param=b=two', '--json', '--seed', '-3']);
    expect(values).toEqual({ map: 'x.map', param: ['a=1', 'b=two'], json: true, seed: '-3' });
  });

  it('names an unknown option, a missing value, a value given to a flag and a stray argument', () => {
    expect(usageError(() => parseCommandLine(TABLE, ['--colour', 'red']))).toBe("unknown option '--colour'");
    expect(usageError(() => parseCommandLine(TABLE, ['--map']))).toBe('--map needs a value');
    expect(usageError(() => parseCommandLine(TABLE, ['--map', '--json']))).toBe('--map needs a value');
    expect(usageError(() => parseCommandLine(TABLE, ['--json=yes']))).toBe('--json takes no value');
    expect(usageError(() => parseCommandLine(TABLE, ['extra']))).toBe("unexpected argument 'extra'");
  });

  it('keeps positionals where a command takes them', () => {
    expect(parseCommandLine(TABLE, ['a', '--json', 'b'], { positionals: true })).toEqual({ values: { json: true }, positionals: ['a', 'b'] });
  });
});

describe('generated help', () => {
  it('lists every declared option with its value, help lines and repeatability', () => {
    expect(optionsHelp(TABLE)).toEqual([
      '  --map FILE          a map',
      '  --seed N            a seed',
      '  --param NAME=VALUE  a parameter (repeatable)',
      '                      second line',
      '  --json              JSON out',
    ]);
    expect(commandUsage(['Usage: x'], TABLE, ['Exit 0.'])).toMatch(/^Usage: x\n\nOptions:\n {2}--map FILE[\s\S]*\n\nExit 0\.$/);
  });

  it.each(COMMANDS.map((c) => [c.name]))('`%s --help` lists every option the command accepts', async (name) => {
    const out: string[] = [];
    expect(await main([name, '--help'], { out: (t) => out.push(t), err: () => {} })).toBe(0);
    const help = out.join('\n');
    const options = [...help.matchAll(/^ {2}--([a-z-]+)/gm)].map((m) => m[1]);
    expect(options.length).toBeGreaterThan(0);
    // Every option the help names is accepted (an unknown one would be a usage error, exit 2) …
    for (const option of options) {
      const err: string[] = [];
      await main([name, `--${option}`, '--no-such-option'], { out: () => {}, err: (t) => err.push(t) });
      expect(err.join('\n'), `${name} --${option}`).not.toContain(`unknown option '--${option}'`);
    }
    // … and an option the help does not name is refused.
    const err: string[] = [];
    expect(await main([name, '--not-declared'], { out: () => {}, err: (t) => err.push(t) })).toBe(2);
    expect(err.join('\n')).toContain("unknown option '--not-declared'");
  });
});
