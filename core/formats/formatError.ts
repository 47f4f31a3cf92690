/**
 * The one error every map and scenario reader throws for malformed input. Its message starts
 * with `file:line:column:` (1-based, like compilers), so editors and terminals can jump to it,
 * e.g. `den520d.map:7:12: unknown map character 'x'`.
 */
export class FormatError extends Error {
  override name = 'FormatError';
  /** File name as given to the reader (a base name or path; '<map>' / '<scen>' when unknown). */
  readonly file: string;
  /** 1-based line of the problem. */
  readonly line: number;
  /** 1-based column of the problem. */
  readonly column: number;
  /** The problem without the location prefix. */
  readonly reason: string;

  constructor(file: string, line: number, column: number, reason: string) {
    super(`${file}:${line}:${column}: ${reason}`);
    this.file = file;
    this.line = line;
    this.column = column;
    this.reason = reason;
  }
}

/** Shows a piece of input in an error message: quoted, with control characters escaped. */
export function quoteInput(text: string, max = 40): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return `'${JSON.stringify(cut).slice(1, -1).replace(/'/g, "\\'")}'`;
}
