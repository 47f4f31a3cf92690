import { describe, expect, it } from 'vitest';
import { isAllowedUrl, resolveAppPath } from '../../main/urlPolicy.ts';

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

  it('maps app:// URLs into the renderer folder and refuses escapes', () => {
    expect(resolveAppPath('/srv/renderer', 'app://mapf-lab/')).toBe('/srv/renderer/index.html');
    expect(resolveAppPath('/srv/renderer', 'app://mapf-lab/assets/a.js')).toBe('/srv/renderer/assets/a.js');
    expect(resolveAppPath('/srv/renderer', 'app://mapf-lab/..%2F..%2Fetc%2Fpasswd')).toBeNull();
    expect(resolveAppPath('/srv/renderer', 'app://mapf-lab/%E0%A4%A')).toBeNull();
    expect(resolveAppPath('/srv/renderer', 'app://elsewhere/index.html')).toBeNull();
  });
});
