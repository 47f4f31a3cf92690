import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { devServerUrlFor, isAllowedNavigation, isAllowedUrl, isTrustedSender, resolveAppPath } from '../../main/urlPolicy.ts';

describe('main process URL policy', () => {
  it('allows only the app itself in production', () => {
    expect(isAllowedUrl('app://mapf-lab/index.html', undefined)).toBe(true);
    expect(isAllowedUrl('app://mapf-lab/assets/index.js', undefined)).toBe(true);
    expect(isAllowedUrl('https://example.com/', undefined)).toBe(false);
    expect(isAllowedUrl('http://127.0.0.1:5173/', undefined)).toBe(false);
    expect(isAllowedUrl('file:///etc/passwd', undefined)).toBe(false);
    expect(isAllowedUrl('app://other-host/index.html', undefined)).toBe(false);
  });

  it('allows the dev server (and its websocket) only in development, by exact host', () => {
    const dev = 'http://localhost:5173/';
    expect(isAllowedUrl('http://localhost:5173/src/main.tsx', dev)).toBe(true);
    expect(isAllowedUrl('ws://localhost:5173/', dev)).toBe(true);
    expect(isAllowedUrl('http://localhost:51730/', dev)).toBe(false);
    expect(isAllowedUrl('http://localhost:5173.evil.com/', dev)).toBe(false);
  });

  it('never navigates to data: or blob: URLs (they stay loadable as resources), nor elsewhere', () => {
    expect(isAllowedNavigation('data:text/html,<script>alert(1)</script>', undefined)).toBe(false);
    expect(isAllowedNavigation('blob:app://mapf-lab/123', undefined)).toBe(false);
    expect(isAllowedNavigation('devtools://devtools/bundled/inspector.html', undefined)).toBe(false);
    expect(isAllowedNavigation('app://mapf-lab/index.html', undefined)).toBe(true);
    expect(isAllowedNavigation('http://localhost:5173/', 'http://localhost:5173/')).toBe(true);
    expect(isAllowedUrl('data:image/png;base64,AAAA', undefined)).toBe(true);
    expect(isAllowedUrl('blob:app://mapf-lab/123', undefined)).toBe(true);
  });

  it('honours ELECTRON_RENDERER_URL in development only: a packaged build ignores it', () => {
    const env = { ELECTRON_RENDERER_URL: 'https://evil.example/' };
    expect(devServerUrlFor(env, true)).toBeUndefined();
    expect(devServerUrlFor(env, false)).toBe('https://evil.example/');
    expect(devServerUrlFor({}, false)).toBeUndefined();
  });

  it('maps app:// URLs into the renderer folder and refuses escapes', () => {
    expect(resolveAppPath('/srv/renderer', 'app://mapf-lab/')).toBe('/srv/renderer/index.html');
    expect(resolveAppPath('/srv/renderer', 'app://mapf-lab/assets/a.js')).toBe('/srv/renderer/assets/a.js');
    expect(resolveAppPath('/srv/renderer', 'app://mapf-lab/..%2F..%2Fetc%2Fpasswd')).toBeNull();
    expect(resolveAppPath('/srv/renderer', 'app://mapf-lab/%E0%A4%A')).toBeNull();
    expect(resolveAppPath('/srv/renderer', 'app://elsewhere/index.html')).toBeNull();
  });

  it('trusts IPC only from the top frame of the app page (or of the dev server in development)', () => {
    const dev = 'http://localhost:5173';
    expect(isTrustedSender({ url: 'app://mapf-lab/index.html', parent: null }, undefined)).toBe(true);
    expect(isTrustedSender({ url: 'app://mapf-lab/index.html', parent: {} }, undefined)).toBe(false);
    expect(isTrustedSender(null, undefined)).toBe(false);
    expect(isTrustedSender(undefined, undefined)).toBe(false);
    expect(isTrustedSender({ url: 'https://example.com/', parent: null }, undefined)).toBe(false);
    expect(isTrustedSender({ url: 'data:text/html,x', parent: null }, undefined)).toBe(false);
    expect(isTrustedSender({ url: 'http://localhost:5173/', parent: null }, undefined)).toBe(false);
    expect(isTrustedSender({ url: 'http://localhost:5173/', parent: null }, dev)).toBe(true);
    expect(isTrustedSender({ url: 'http://localhost:5174/', parent: null }, dev)).toBe(false);
  });

  it('registers every IPC handler of main through the sender check (trustedIpc.ts)', () => {
    const root = fileURLToPath(new URL('../../main/', import.meta.url));
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('trustedIpc.ts'));
    const direct = files.filter((f) => /ipcMain\s*\.\s*(handle|handleOnce|on|once|addListener)\s*\(/.test(readFileSync(join(root, f), 'utf8')));
    expect(direct).toEqual([]);
    expect(files.filter((f) => readFileSync(join(root, f), 'utf8').includes('./trustedIpc.ts') || readFileSync(join(root, f), 'utf8').includes('./ipc/trustedIpc.ts')).length).toBeGreaterThanOrEqual(5);
  });

});
