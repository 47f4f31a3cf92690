/**
 * Counts the elements of one top-level array in JSON text without parsing the text: a scenario of
 * 10^6 units is refused by its count in a single pass over the characters, before JSON.parse
 * builds every unit as an object (4.5-5.3 s and 600 MB for 10^6 units). The scan stops as soon as
 * the count passes the limit, so the text past it is never read.
 */

/** Where the array starts (its '[' offset) and how many elements it has, up to `limit + 1`. */
export interface ArrayCount {
  offset: number;
  count: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** The offset just past the string that opens at `start` (a '"'), or the text's length if unclosed. */
function skipString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i += 2;
    else if (c === QUOTE) return i + 1;
    else i++;
  }
  return text.length;
}

/**
 * The count of the array under the root object's `key` (e.g. "agents"), stopping past `limit`;
 * null when the root is not an object or the key is absent or not an array. Malformed text gives
 * null or a partial count: JSON.parse, run next, says what is wrong with it.
 */
export function countTopLevelArray(text: string, key: string, limit: number): ArrayCount | null {
  const quoted = JSON.stringify(key);
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = skipString(text, i);
      if (depth === 1 && end - i === quoted.length && text.startsWith(quoted, i)) {
        let j = end;
        while (j < text.length && isSpace(text.charCodeAt(j))) j++;
        if (text.charCodeAt(j) === COLON) {
          j++;
          while (j < text.length && isSpace(text.charCodeAt(j))) j++;
          return text.charCodeAt(j) === OPEN_BRACKET ? { offset: j, count: countElements(text, j, limit) } : null;
        }
      }
      i = end;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (depth === 0 && c !== OPEN_BRACE) return null;
      depth++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    i++;
  }
  return null;
}

/** Elements of the array whose '[' is at `open`: its commas at its own depth, plus one if not empty. */
function countElements(text: string, open: number, limit: number): number {
  let depth = 0;
  let commas = 0;
  let empty = true;
  let i = open + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      empty = false;
      i = skipString(text, i);
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || (c === CLOSE_BRACKET && depth > 0)) depth--;
    else if (c === CLOSE_BRACKET) break;
    else if (c === COMMA && depth === 0 && ++commas >= limit) return commas + 1;
    if (!isSpace(c)) empty = false;
    i++;
  }
  return empty ? 0 : commas + 1;
}
