/** The shortcut list (?): every key the editor answers, by group, from shortcutHelp.ts. Esc or ? closes it. */
import { Store, useSlice } from '../state/store.ts';
import { SHORTCUT_HELP, type ShortcutHelp } from './shortcutHelp.ts';

export const helpStore = new Store<{ open: boolean }>({ open: false });

const GROUPS: ShortcutHelp['group'][] = ['File', 'Edit', 'Tools', 'View', 'Replay', 'Solve', 'Help'];

export function HelpOverlay() {
  const open = useSlice(helpStore, (s) => s.open);
  if (!open) return null;
  return (
    <div className="help-backdrop" onClick={() => helpStore.set({ open: false })} data-testid="help-overlay">
      <div className="help-dialog" role="dialog" aria-modal="true" aria-label="Keyboard shortcuts" onClick={(e) => e.stopPropagation()}>
        <header>
          <h2>Keyboard shortcuts</h2>
          <button type="button" onClick={() => helpStore.set({ open: false })} aria-label="Close" data-testid="help-close">
            ×
          </button>
        </header>
        <p className="muted">Ctrl is Cmd on macOS. In a text field only Ctrl+S, Ctrl+Shift+S, Ctrl+O and Ctrl+Enter act; the JSON editor keeps every key.</p>
        <div className="help-groups">
          {GROUPS.map((group) => (
            <section key={group}>
              <h3>{group}</h3>
              <table>
                <tbody>
                  {SHORTCUT_HELP.filter((s) => s.group === group).map((s) => (
                    <tr key={s.keys + s.what}>
                      <td>
                        <kbd>{s.keys}</kbd>
                      </td>
                      <td>{s.what}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
