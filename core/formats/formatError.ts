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

/** Shows a piece of input in an error message: quoted, with control characters, undecodable bytes (U+FFFD) and other unprintables escaped. */
export function quoteInput(text: string, max = 40): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  const escaped = JSON.stringify(cut).slice(1, -1).replace(/'/g, "\\'");
  return `'${escaped.replace(/[\u007f-\u009f\ufffd\ufeff\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}'`;
}

/**
 * Whether `text` is a binary file read as text (an image, an archive, a file saved as .map by
 * another program): a NUL, or undecodable bytes or control characters in its first kilobytes.
 * The readers say so instead of quoting the bytes back.
 */
export function looksBinary(text: string): boolean {
  const head = text.slice(0, 4096);
  let odd = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if (c === 0) return true;
    if (c === 0xfffd || (c < 32 && c !== 9 && c !== 10 && c !== 13)) odd++;
  }
  return odd > 0 && odd * 20 >= Math.min(head.length, 400);
}
