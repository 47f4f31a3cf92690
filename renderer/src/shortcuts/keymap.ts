/**
 * Every keyboard shortcut as a pure function of the key event (tested without a DOM). Editing
 * fields (inputs, the JSON editor) keep their keys: the caller does not ask for those.
 */
import { keyIntent, type KeyDescriptor } from '../model/keyboard.ts';
import type { ToolName } from '../state/editorState.ts';

export type ShortcutAction =
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'tool'; tool: ToolName }
  | { kind: 'brush'; delta: number }
  | { kind: 'step'; delta: number }
  | { kind: 'playPause' }
  | { kind: 'home' }
  | { kind: 'end' }
  | { kind: 'delete' }
  | { kind: 'escape' }
  | { kind: 'solve' }
  /** Flip the replay between the compared A and B runs. */
  | { kind: 'compareSwitch' }
  /** Open or close the Compare view (full width below the map). */
  | { kind: 'compareView' }
  /** The list of every shortcut (shortcutHelp.ts). */
  | { kind: 'help' }
  | { kind: 'fit' }
  | { kind: 'zoom'; factor: number }
  | { kind: 'toggle'; what: 'heat' | 'trails' | 'labels' | 'json' | 'follow' }
  | { kind: 'file'; what: 'open' | 'save' | 'saveMap' | 'new' }
  /** The replay-to-video dialog. */
  | { kind: 'exportVideo' };

/** One letter per tool, as TOOLS shows them; C (follow), H, T and N are the replay's, B the compared runs' A/B switch, K the Compare view. */
export const TOOL_KEYS: Record<string, ToolName> = { v: 'select', p: 'pencil', e: 'eraser', l: 'line', r: 'rect', f: 'fill', u: 'unit', d: 'door', o: 'obstacle', m: 'measure', g: 'spawner', x: 'exit' };

export function shortcutFor(event: KeyDescriptor): ShortcutAction | null {
  const intent = keyIntent(event);
  if (intent) return { kind: intent };
  const key = event.key;
  const lower = key.toLowerCase();
  const command = event.ctrlKey || event.metaKey;
  if (command && !event.altKey) {
    if (key === 'Enter') return { kind: 'solve' };
    if (lower === 'o' && !event.shiftKey) return { kind: 'file', what: 'open' };
    if (lower === 's') return { kind: 'file', what: event.shiftKey ? 'saveMap' : 'save' };
    if (lower === 'j') return { kind: 'toggle', what: 'json' };
    if (lower === 'e' && event.shiftKey) return { kind: 'exportVideo' };
    return null;
  }
  if (event.altKey) return lower === 'n' ? { kind: 'file', what: 'new' } : null;
  if (!event.shiftKey && lower in TOOL_KEYS) return { kind: 'tool', tool: TOOL_KEYS[lower] };
  switch (key) {
    case '?':
      return { kind: 'help' };
    case '[':
      return { kind: 'brush', delta: -1 };
    case ']':
      return { kind: 'brush', delta: 1 };
    case 'ArrowLeft':
      return { kind: 'step', delta: event.shiftKey ? -10 : -1 };
    case 'ArrowRight':
      return { kind: 'step', delta: event.shiftKey ? 10 : 1 };
    case 'Home':
      return { kind: 'home' };
    case 'End':
      return { kind: 'end' };
    case 'Delete':
    case 'Backspace':
      return { kind: 'delete' };
    case 'Escape':
      return { kind: 'escape' };
    case '0':
      return { kind: 'fit' };
    case '+':
    case '=':
      return { kind: 'zoom', factor: 1.25 };
    case '-':
      return { kind: 'zoom', factor: 0.8 };
    case 'h':
    case 'H':
      return { kind: 'toggle', what: 'heat' };
    case 't':
    case 'T':
      return { kind: 'toggle', what: 'trails' };
    case 'n':
    case 'N':
      return { kind: 'toggle', what: 'labels' };
    case 'c':
    case 'C':
      return { kind: 'toggle', what: 'follow' };
    case 'b':
    case 'B':
      return { kind: 'compareSwitch' };
    case 'k':
    case 'K':
      return { kind: 'compareView' };
  }
  return null;
}
