/**
 * The browser edition's recent scenarios, as data: the files opened or saved last (their text,
 * for the page reads no file by path), newest first, and which one was open. Pure, so the rules
 * are tested without a store: one entry per file name, at most MAX_RECENT, a file too large to
 * keep is left out (a 5000x5000 map is 25 million characters) and said so by the caller.
 */

/** Files kept; the desktop app's File > Open Recent keeps ten paths, the browser keeps texts. */
export const MAX_RECENT = 8;
/** Characters one kept file may have (a 1,000x1,000 map with units is about 1 million). */
export const MAX_RECENT_CHARS = 4_000_000;

export interface RecentFile {
  name: string;
  text: string;
  /** ISO time it was opened or saved. */
  at: string;
}

export interface RecentList {
  /** The file open when the page was left (null: the open document came from no file). */
  open: string | null;
  files: RecentFile[];
}

export const EMPTY_RECENT: RecentList = { open: null, files: [] };

/** The list after `file` was opened or saved: first, open, and kept unless too large. */
export function withRecent(list: RecentList, file: RecentFile): RecentList {
  const others = list.files.filter((f) => f.name !== file.name);
  if (file.text.length > MAX_RECENT_CHARS) return { open: null, files: others };
  return { open: file.name, files: [file, ...others].slice(0, MAX_RECENT) };
}

/** The list once a document from no file is open (New, a template, a level, a lab run). */
export function withNoneOpen(list: RecentList): RecentList {
  return list.open === null ? list : { ...list, open: null };
}

/** The file to reopen at start: the one open when the page was left, if still kept. */
export function fileToReopen(list: RecentList): RecentFile | null {
  return list.open === null ? null : (list.files.find((f) => f.name === list.open) ?? null);
}

/** A stored list read back; anything malformed is no list. */
export function parseRecent(raw: string | null): RecentList {
  if (!raw) return EMPTY_RECENT;
  try {
    const data = JSON.parse(raw) as Partial<RecentList>;
    const files = Array.isArray(data.files) ? data.files.filter((f): f is RecentFile => typeof f?.name === 'string' && typeof f.text === 'string' && typeof f.at === 'string') : [];
    const open = typeof data.open === 'string' && files.some((f) => f.name === data.open) ? data.open : null;
    return { open, files: files.slice(0, MAX_RECENT) };
  } catch {
    return EMPTY_RECENT;
  }
}
