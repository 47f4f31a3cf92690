/**
 * The colour theme: light or dark, by default the system's, with a toggle in
 * the header that cycles system → light → dark. The choice is kept in localStorage; the
 * effective theme is put on <html data-theme> for styles.css.
 */
import { Store } from './store.ts';

export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const STORAGE_KEY = 'mapf-lab.theme';

export function effectiveTheme(choice: ThemeChoice, systemPrefersLight: boolean): 'light' | 'dark' {
  if (choice === 'system') return systemPrefersLight ? 'light' : 'dark';
  return choice;
}

export function nextThemeChoice(choice: ThemeChoice): ThemeChoice {
  return THEME_CHOICES[(THEME_CHOICES.indexOf(choice) + 1) % THEME_CHOICES.length];
}

function stored(): ThemeChoice {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return THEME_CHOICES.includes(value as ThemeChoice) ? (value as ThemeChoice) : 'system';
  } catch {
    return 'system';
  }
}

/** `effective`: the theme in force (installTheme keeps it), for what styles.css cannot reach: Monaco's and the charts' colours. */
export const themeStore = new Store<{ choice: ThemeChoice; effective: 'light' | 'dark' }>({ choice: stored(), effective: 'dark' });

/** Applies the theme now and whenever the choice or the system's setting changes. */
export function installTheme(): void {
  const media = globalThis.matchMedia?.('(prefers-color-scheme: light)');
  const apply = () => {
    const effective = effectiveTheme(themeStore.get().choice, media?.matches ?? false);
    document.documentElement.dataset.theme = effective;
    if (themeStore.get().effective !== effective) themeStore.set({ effective });
  };
  apply();
  media?.addEventListener('change', apply);
  themeStore.subscribe(() => {
    apply();
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, themeStore.get().choice);
    } catch {
      // Storage refused (private mode): the choice lasts for this session.
    }
  });
}

/** Monaco's built-in theme for the theme in force. */
export function monacoTheme(effective: 'light' | 'dark'): string {
  return effective === 'light' ? 'vs' : 'vs-dark';
}

export function cycleTheme(): void {
  themeStore.set({ choice: nextThemeChoice(themeStore.get().choice) });
}
