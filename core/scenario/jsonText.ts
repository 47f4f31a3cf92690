/**
 * Where things are in a JSON text. JSON.parse says only that the text is bad, and engines word
 * (and place) that differently, so on failure a small scanner of our own finds the first error
 * with its line and column; and for a field that fails validation it finds the line and column
 * of the field's value, so the editor's marker lands on it. Both run only when something is
 * wrong: loading a good file is JSON.parse alone.
 */
import type { PathKey } from './scenarioError.ts';

export interface TextPosition {
  /** 0-based offset in UTF-16 code units. */
  offset: number;
  /** 1-based line and column. */
  line: number;
  column: number;
}

export interface JsonSyntaxProblem extends TextPosition {
  reason: string;
}

/** Line and column of many offsets at once: one pass for the line starts, then a binary search each. */
export function positionsAt(text: string, offsets: readonly number[]): TextPosition[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return offsets.map((offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return { offset, line: low + 1, column: offset - starts[low] + 1 };
  });
}

export function positionAt(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { offset, line, column: offset - lineStart + 1 };
}

/** The first syntax error in `text`, or null when it is valid JSON. */
export function findJsonSyntaxError(text: string): JsonSyntaxProblem | null {
  const scanner = new Scanner(text, null);
  try {
    scanner.document();
    return null;
  } catch (error) {
    if (error instanceof ScanError) return { ...positionAt(text, error.offset), reason: error.reason };
    // Nesting deep enough to exhaust the stack.
    return { ...positionAt(text, scanner.pos), reason: 'the JSON is nested too deeply' };
  }
}

/**
 * Position of the value at `path`, or of its deepest ancestor that exists (a missing field is
 * reported at the object that lacks it). Null when the text is not JSON.
 */
export function locateJsonPath(text: string, path: readonly PathKey[]): TextPosition | null {
  return locateJsonPaths(text, [path])[0];
}

/** Texts scanned so far (tests count them: locating many problems must take one scan). */
export let jsonScans = 0;

/**
 * locateJsonPath for many paths in one scan of the text: the paths form a trie the scanner walks
 * beside the document, each trie node noting where its value starts. Linear in the text plus the
 * paths' lengths (a scan per problem took 129 s for 8,000 problems in a 1 MB scenario).
 */
export function locateJsonPaths(text: string, paths: readonly (readonly PathKey[])[]): (TextPosition | null)[] {
  const root: PathNode = { children: new Map(), offset: -1 };
  for (const path of paths) {
    let node = root;
    for (const key of path) {
      let child = node.children.get(key);
      if (child === undefined) node.children.set(key, (child = { children: new Map(), offset: -1 }));
      node = child;
    }
  }
  const scanner = new Scanner(text, root);
  jsonScans++;
  try {
    scanner.document();
  } catch (error) {
    // Not JSON: nothing to point at. Nesting deeper than the stack: what was met before is right.
    if (!(error instanceof RangeError)) return paths.map(() => null);
  }
  const offsets = paths.map((path) => {
    let node = root;
    let offset = root.offset;
    for (const key of path) {
      const child = node.children.get(key);
      if (child === undefined || child.offset < 0) break;
      node = child;
      offset = child.offset;
    }
    return offset;
  });
  return positionsAt(text, offsets);
}

/** A trie of the paths looked for; `offset` is where the value at this node's path starts (-1: not met). */
interface PathNode {
  children: Map<PathKey, PathNode>;
  offset: number;
}

class ScanError extends Error {
  constructor(readonly offset: number, readonly reason: string) {
    super(reason);
  }
}

const QUOTE = 34;
const BACKSLASH = 92;

class Scanner {
  pos = 0;

  constructor(private readonly text: string, private readonly paths: PathNode | null) {}

  document(): void {
    this.space();
    if (this.pos >= this.text.length) this.fail('the text is empty; expected a JSON object');
    this.value(this.paths);
    this.space();
    if (this.pos < this.text.length) this.fail(`unexpected ${this.describe()} after the end of the JSON value`);
  }

  /** `at`: the paths' trie node of this value (null: no path looked for goes through it). */
  private value(at: PathNode | null): void {
    if (at !== null && at.offset < 0) at.offset = this.pos;
    const c = this.text[this.pos];
    if (c === '{') this.object(at);
    else if (c === '[') this.array(at);
    else if (c === '"') this.string();
    else if (c === '-' || (c >= '0' && c <= '9')) this.number();
    else if (c === 't') this.word('true');
    else if (c === 'f') this.word('false');
    else if (c === 'n') this.word('null');
    else this.fail(`unexpected ${this.describe()}; expected a value`);
  }

  private object(at: PathNode | null): void {
    this.pos++;
    this.space();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return;
    }
    for (;;) {
      if (this.text[this.pos] !== '"') this.fail(`unexpected ${this.describe()}; expected a property name in double quotes`);
      const key = this.string();
      this.space();
      if (this.text[this.pos] !== ':') this.fail(`unexpected ${this.describe()}; expected ':' after the property name`);
      this.pos++;
      this.space();
      this.value(at?.children.get(key) ?? null);
      this.space();
      const c = this.text[this.pos];
      if (c === '}') {
        this.pos++;
        return;
      }
      if (c !== ',') this.fail(`unexpected ${this.describe()}; expected ',' or '}' after a property`);
      this.pos++;
      this.space();
      if (this.text[this.pos] === '}') this.fail("trailing comma: JSON allows no ',' before '}'");
    }
  }

  private array(at: PathNode | null): void {
    this.pos++;
    this.space();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return;
    }
    for (let index = 0; ; index++) {
      this.value(at?.children.get(index) ?? null);
      this.space();
      const c = this.text[this.pos];
      if (c === ']') {
        this.pos++;
        return;
      }
      if (c !== ',') this.fail(`unexpected ${this.describe()}; expected ',' or ']' after an array element`);
      this.pos++;
      this.space();
      if (this.text[this.pos] === ']') this.fail("trailing comma: JSON allows no ',' before ']'");
    }
  }

  private string(): string {
    const start = this.pos;
    this.pos++;
    let plain = true;
    for (;;) {
      if (this.pos >= this.text.length) {
        this.pos = start;
        this.fail('unterminated string');
      }
      const code = this.text.charCodeAt(this.pos);
      if (code === QUOTE) break;
      if (code < 32) this.fail('control character in a string (write line breaks as \\n)');
      if (code === BACKSLASH) {
        plain = false;
        const e = this.text[this.pos + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.pos + 2, this.pos + 6))) this.fail('bad \\u escape: expected four hex digits');
          this.pos += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) this.fail(`bad escape '\\${e ?? ''}' in a string`);
        this.pos += 2;
        continue;
      }
      this.pos++;
    }
    this.pos++;
    const raw = this.text.slice(start, this.pos);
    return plain ? raw.slice(1, -1) : (JSON.parse(raw) as string);
  }

  private number(): void {
    const match = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
    match.lastIndex = this.pos;
    const found = match.exec(this.text);
    if (!found) this.fail(`malformed number`);
    this.pos += found![0].length;
    const c = this.text[this.pos];
    if (c !== undefined && /[0-9.eE+-]/.test(c)) this.fail('malformed number');
  }

  private word(word: string): void {
    if (this.text.startsWith(word, this.pos)) this.pos += word.length;
    else this.fail(`unexpected ${this.describe()}; expected a value`);
  }

  private space(): void {
    for (;;) {
      const c = this.text.charCodeAt(this.pos);
      if (c === 32 || c === 10 || c === 13 || c === 9) this.pos++;
      else return;
    }
  }

  private describe(): string {
    if (this.pos >= this.text.length) return 'end of the text';
    const c = this.text[this.pos];
    return `character ${JSON.stringify(c)}`;
  }

  private fail(reason: string): never {
    throw new ScanError(this.pos, reason);
  }
}
