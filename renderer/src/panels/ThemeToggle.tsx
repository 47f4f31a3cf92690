/** The header's theme button: system → light → dark, the current choice in its label and tooltip. */
import { useSlice } from '../state/store.ts';
import { cycleTheme, nextThemeChoice, themeStore } from '../state/themeState.ts';

const LABELS = { system: 'Theme: as the system', light: 'Theme: light', dark: 'Theme: dark' } as const;

export function ThemeToggle() {
  const choice = useSlice(themeStore, (s) => s.choice);
  return (
    <button type="button" className="theme-toggle" onClick={cycleTheme} title={`${LABELS[choice]} (click: ${LABELS[nextThemeChoice(choice)].slice(7)})`} aria-label={LABELS[choice]} data-testid="theme-toggle" data-choice={choice}>
      {choice === 'system' ? '◐' : choice === 'light' ? '☀' : '☾'}
    </button>
  );
}
