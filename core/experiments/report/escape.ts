/** Escaping for text and data put into the HTML report. */

/** Text content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * JSON for a <script type="application/json"> block: '<' is written as \u003c so no string in
 * the data (a map name, an error message) can close the script element; U+2028/2029 likewise.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** A script's source inlined in a <script> element: a literal "</script" inside it would end the element early. */
export function scriptForInline(source: string): string {
  return source.replace(/<\/(script)/gi, '<\\/$1');
}
