/**
 * A small XML reader for Tiled's .tmx maps and .tsx tilesets: elements with attributes, text,
 * CDATA, comments and the five predefined entities plus character references. Tiled writes a
 * plain, regular XML (no DTD, no namespaces); core may use neither the DOM's DOMParser (absent in
 * Node and workers) nor a Node module, and the general XML packages either lose the order of
 * mixed children (layers, object groups and groups interleave, and their order is the map's
 * drawing order) or return it in a shape harder to walk than this. Errors name the line.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (CDATA included), children's text excluded. */
  text: string;
  /** 1-based line of its start tag, for messages. */
  line: number;
}

export class XmlError extends Error {
  override name = 'XmlError';
  constructor(readonly line: number, readonly reason: string) {
    super(`line ${line}: ${reason}`);
  }
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string, line: number): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (_, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const value = ENTITIES[ref];
    if (value === undefined) throw new XmlError(line, `unknown entity &${ref};`);
    return value;
  });
}

/** Parses `text` and returns its root element. */
export function parseXml(text: string): XmlElement {
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const advance = (to: number) => {
    for (let i = pos; i < to; i++) if (text.charCodeAt(i) === 10) line++;
    pos = to;
  };
  const expectEnd = (marker: string, what: string): number => {
    const end = text.indexOf(marker, pos);
    if (end < 0) throw new XmlError(line, `${what} is not closed`);
    return end;
  };
  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    if (lt < 0) {
      if (text.slice(pos).trim() !== '' && stack.length > 0) stack[stack.length - 1].text += decodeEntities(text.slice(pos), line);
      advance(text.length);
      break;
    }
    if (lt > pos) {
      const chunk = text.slice(pos, lt);
      if (stack.length > 0) stack[stack.length - 1].text += decodeEntities(chunk, line);
      else if (chunk.trim() !== '') throw new XmlError(line, 'text outside the root element');
      advance(lt);
    }
    if (text.startsWith('<!--', pos)) {
      advance(expectEnd('-->', 'a comment') + 3);
    } else if (text.startsWith('<![CDATA[', pos)) {
      const end = expectEnd(']]>', 'a CDATA section');
      if (stack.length > 0) stack[stack.length - 1].text += text.slice(pos + 9, end);
      advance(end + 3);
    } else if (text.startsWith('<?', pos)) {
      advance(expectEnd('?>', 'a processing instruction') + 2);
    } else if (text.startsWith('<!', pos)) {
      advance(expectEnd('>', 'a declaration') + 1);
    } else if (text.startsWith('</', pos)) {
      const end = expectEnd('>', 'an end tag');
      const name = text.slice(pos + 2, end).trim();
      const open = stack.pop();
      if (!open) throw new XmlError(line, `end tag </${name}> without a start tag`);
      if (open.name !== name) throw new XmlError(line, `end tag </${name}> where </${open.name}> (opened on line ${open.line}) was expected`);
      advance(end + 1);
    } else {
      const startLine = line;
      const end = tagEnd(text, pos);
      if (end < 0) throw new XmlError(line, 'a start tag is not closed');
      const selfClosing = text.charCodeAt(end - 1) === 47; // '/'
      const body = text.slice(pos + 1, selfClosing ? end - 1 : end);
      const element = parseTag(body, startLine);
      if (stack.length > 0) stack[stack.length - 1].children.push(element);
      else if (root) throw new XmlError(startLine, `a second root element <${element.name}>`);
      else root = element;
      if (!selfClosing) stack.push(element);
      advance(end + 1);
    }
  }
  if (stack.length > 0) throw new XmlError(line, `<${stack[stack.length - 1].name}> (opened on line ${stack[stack.length - 1].line}) is not closed: the file ends first`);
  if (!root) throw new XmlError(1, 'no element: the file is empty or not XML');
  return root;
}

/** Index of the '>' closing the start tag at `from`, skipping '>' inside quoted attribute values. */
function tagEnd(text: string, from: number): number {
  let quote = 0;
  for (let i = from + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) quote = c;
    else if (c === 62) return i;
  }
  return -1;
}

function parseTag(body: string, line: number): XmlElement {
  const nameMatch = /^[^\s/>]+/.exec(body);
  if (!nameMatch) throw new XmlError(line, 'a start tag without a name');
  const attributes: Record<string, string> = {};
  const pattern = /([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')/g;
  const rest = body.slice(nameMatch[0].length);
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = pattern.exec(rest)) !== null) {
    if (rest.slice(consumed, match.index).trim() !== '') throw new XmlError(line, `<${nameMatch[0]}>: cannot read '${rest.slice(consumed, match.index).trim()}'`);
    attributes[match[1]] = decodeEntities(match[3] ?? match[4], line);
    consumed = match.index + match[0].length;
  }
  if (rest.slice(consumed).trim() !== '') throw new XmlError(line, `<${nameMatch[0]}>: cannot read '${rest.slice(consumed).trim()}'`);
  return { name: nameMatch[0], attributes, children: [], text: '', line };
}

/** The children of `element` named `name`. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name);
}

/** The first child of `element` named `name`. */
export function childNamed(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((child) => child.name === name);
}
