/**
 * Both Monaco editors in one page, in the order that used to break: the scenario's JSON panel
 * first, then the lab's experiment editor. Monaco's JSON mode must be loaded before the first
 * editor mounts, or every later editor throws "depends on UNKNOWN service".
 */
import { describe, expect, it } from 'vitest';
import { useApp } from './support/app.ts';

const app = useApp({ ready: 'status' });

describe('Monaco editors', () => {
  it('opens the scenario JSON editor, then the experiment editor, without errors', async () => {
    await app.page.keyboard.press('Control+j');
    await app.page.locator('.monaco-editor').first().waitFor();
    await app.page.keyboard.press('Control+Shift+L');
    await app.page.getByTestId('lab-view').waitFor();
    await app.page.locator('[data-testid="lab-editor"] .monaco-editor').waitFor();
    // Give late service errors a moment to surface.
    await app.page.waitForTimeout(500);
    expect(app.consoleErrors).toEqual([]);
  });
});
