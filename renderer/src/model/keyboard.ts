/**
 * Keyboard shortcuts as a pure function of the key event, so they are tested without a DOM:
 * Ctrl+Z (Cmd+Z on macOS) undoes; Ctrl+Shift+Z, Cmd+Shift+Z and Ctrl+Y redo.
 */
export interface KeyDescriptor {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey?: boolean;
}

export type KeyIntent = 'undo' | 'redo';

/** The intent of a key press, or null when it is not an editor shortcut (let it through). */
export function keyIntent(event: KeyDescriptor): KeyIntent | null {
  if (event.altKey) return null;
  const command = event.ctrlKey || event.metaKey;
  if (!command) return null;
  // With Shift held some layouts report 'Z', others 'z'.
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && event.ctrlKey && !event.metaKey && !event.shiftKey) return 'redo';
  return null;
}
