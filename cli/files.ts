/**
 * The command line's file reads and writes. Reads check the size first, so a file too large to
 * be what it says it is (an 8 GB .scen) is refused at once, naming the file and the limit, instead
 * of filling memory for a minute and failing with a message that names nothing. Writes of files
 * rewritten in place go through atomicWrite.ts.
 */
import { readFileSync, statSync } from 'node:fs';

const MiB = 1024 * 1024;

/** The largest file of each kind the command line reads (V8 strings end near 512 MiB anyway). */
export const READ_LIMITS = {
  /** 8192 x 8192 cells (the largest map the schemas allow) is about 64 MiB of text. */
  map: 80 * MiB,
  /** Moving AI scenarios hold thousands of lines; a million is about 60 MiB. */
  scenario: 128 * MiB,
  experiment: 16 * MiB,
  manifest: 16 * MiB,
  results: 480 * MiB,
  /** A lane pattern and the runs that chose it: a few kilobytes. */
  guidance: 1 * MiB,
} as const;

export type FileKind = keyof typeof READ_LIMITS;

const KIND_NAMES: Record<FileKind, string> = {
  map: 'a map',
  scenario: 'a scenario',
  experiment: 'an experiment file',
  manifest: 'a results manifest',
  results: 'a results file',
  guidance: 'a guidance file',
};


/** The text of `file`, refused with a message naming it when it is larger than its kind allows or unreadable. */
export function readTextFile(file: string, kind: FileKind): string {
  let bytes: number;
  try {
    bytes = statSync(file).size;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot be read (${(error as Error).message})`);
  }
  const limit = READ_LIMITS[kind];
  if (bytes > limit) throw new Error(`${file}: ${bytes.toLocaleString('en-US')} bytes is more than the ${limit / MiB} MiB ${KIND_NAMES[kind]} may have; is it the right file?`);
  return readFileSync(file, 'utf8');
}
