/**
 * The browser set-up the app's e2e files share: `const app = useApp()` at the top of a file (or
 * of a describe) opens the built browser edition before its tests and closes it after them.
 *
 * One Chromium serves a whole file: the first useApp to start launches it, the last to finish
 * closes it. Each useApp opens its page in a browser context of its own (fresh storage, so no
 * backup or theme choice leaks in from another describe), watching console errors and requests
 * as openApp does.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openApp, type WatchedPage } from '../browser.ts';

export interface AppOptions {
  /** The window in CSS pixels; openApp's 1280×800 unless given. */
  viewport?: { width: number; height: number };
  /**
   * Accept every window dialog (leaving with unsaved changes, opening over them); an array also
   * keeps each dialog's message, for a test that checks what was asked.
   */
  acceptDialogs?: boolean | string[];
  /** Runs on the new page before it loads the app: init scripts (a fake preload API), more listeners. */
  prepare?: (page: Page) => Promise<void> | void;
  /**
   * What the first test starts on: a test id to wait for after loading (the app is ready), or
   * steps to take (openLab: the lab view with its editor).
   */
  ready?: string | ((page: Page) => Promise<void>);
  /** False: open nothing (the file's tests skip themselves, e.g. their data files are absent). */
  when?: boolean;
}

/** The open app: read its fields inside a test or a later hook, not when the file loads. */
export interface App extends WatchedPage {
  /** The file's browser, for a test that opens a second page of its own. */
  readonly browser: Browser;
}

let shared: { browser: Promise<Browser>; users: number } | undefined;

async function acquireBrowser(): Promise<Browser> {
  shared ??= { browser: launchBrowser(), users: 0 };
  shared.users++;
  return shared.browser;
}

async function releaseBrowser(): Promise<void> {
  if (!shared || --shared.users > 0) return;
  const { browser } = shared;
  shared = undefined;
  await (await browser.catch(() => undefined))?.close();
}

export function useApp(options: AppOptions = {}): App {
  let browser: Browser | undefined;
  let watched: WatchedPage | undefined;
  let acquired = false;
  beforeAll(async () => {
    if (options.when === false) return;
    acquired = true;
    browser = await acquireBrowser();
    const { acceptDialogs: dialogs, prepare, ready } = options;
    watched = await openApp(browser, inject('baseUrl'), {
      viewport: options.viewport,
      prepare: async (page) => {
        if (dialogs) {
          page.on('dialog', (dialog) => {
            if (Array.isArray(dialogs)) dialogs.push(dialog.message());
            void dialog.accept();
          });
        }
        await prepare?.(page);
      },
    });
    if (typeof ready === 'string') await watched.page.getByTestId(ready).waitFor();
    else await ready?.(watched.page);
  });
  afterAll(async () => {
    await watched?.page.context().close();
    watched = undefined;
    if (acquired) await releaseBrowser();
    acquired = false;
  });
  const open = (): WatchedPage => {
    if (!watched) throw new Error('useApp: the app is not open here (read it inside a test or a hook after useApp, and not where `when` was false)');
    return watched;
  };
  return {
    get page() {
      return open().page;
    },
    get consoleErrors() {
      return open().consoleErrors;
    },
    get requests() {
      return open().requests;
    },
    get browser() {
      open();
      return browser!;
    },
  };
}

/** Switches the app to the lab view and waits for its experiment editor. */
export async function openLab(page: Page): Promise<void> {
  await page.getByTestId('view-lab').click();
  await page.locator('[data-testid="lab-editor"] .monaco-editor').waitFor();
}
