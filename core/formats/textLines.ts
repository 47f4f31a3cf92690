/**
 * Splits a text file into lines for the Moving AI readers and remembers what the writers need to
 * reproduce it byte for byte: the line break used and whether the text ends with one (most
 * benchmark files do; maps/Berlin_1_256.map does not).
 */
export type LineBreak = '\n' | '\r\n';

export interface TextLines {
  /** Lines without their line breaks; a final line break does not add an empty line. */
  lines: string[];
  lineBreak: LineBreak;
  finalNewline: boolean;
}

export function splitLines(text: string): TextLines {
  const lineBreak: LineBreak = /^[^\n]*\r\n/.test(text) ? '\r\n' : '\n';
  const finalNewline = text.endsWith('\n');
  const lines = text.split('\n');
  if (finalNewline) lines.pop();
  // Tolerate stray CRs at line ends whatever the first line used.
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.endsWith('\r')) lines[i] = line.slice(0, -1);
  }
  return { lines, lineBreak, finalNewline };
}

export function joinLines(lines: readonly string[], lineBreak: LineBreak, finalNewline: boolean): string {
  const body = lines.join(lineBreak);
  return finalNewline && lines.length > 0 ? body + lineBreak : body;
}
