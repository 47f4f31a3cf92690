/**
 * Launches Debian's Chromium through playwright-core (no browser download: the machine has no
 * network beyond the package registries) and records console errors and every request, so
 * tests can assert a clean console and that nothing left the loopback server.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url));

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install --no-install-recommends chromium (.ci/run does it)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export interface WatchedPage {
  page: Page;
  consoleErrors: string[];
  requests: string[];
}

export interface OpenOptions {
  /** The window in CSS pixels (1280×800). */
  viewport?: { width: number; height: number };
  /** Runs on the new page before it loads the app: init scripts (a fake preload API), more listeners. */
  prepare?: (page: Page) => Promise<void> | void;
}

export async function openApp(browser: Browser, baseUrl: string, { viewport = { width: 1280, height: 800 }, prepare }: OpenOptions = {}): Promise<WatchedPage> {
  const page = await browser.newPage({ viewport });
  const consoleErrors: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`page error: ${error.message}`));
  page.on('request', (request) => requests.push(request.url()));
  await prepare?.(page);
  await page.goto(baseUrl);
  return { page, consoleErrors, requests };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = `${SCREENSHOT_DIR}${name}.png`;
  await page.screenshot({ path });
  return path;
}

/** Answers the app's own question dialog (AskDialog: Electron has no window.prompt), with its offered answer unless one is given. */
export async function answerAsk(page: Page, value?: string): Promise<string> {
  const dialog = page.getByTestId('ask-dialog');
  await dialog.waitFor();
  const message = (await page.getByTestId('ask-message').textContent()) ?? '';
  if (value !== undefined) await page.getByTestId('ask-input').fill(value);
  await page.getByTestId('ask-ok').click();
  await dialog.waitFor({ state: 'detached' });
  return message;
}
