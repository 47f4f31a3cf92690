/**
 * The user guide's pictures are taken by the end-to-end tests (test/e2e/guide*.e2e.ts, through
 * support/guideShots.ts), so they stay true to the app: every picture a page of docs/ shows must
 * be one those tests write, and be there; none is left over unused; and together they stay small.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const DOCS = new URL('../../docs/', import.meta.url);
const E2E = new URL('../e2e/', import.meta.url);

const pages = readdirSync(DOCS).filter((f) => f.endsWith('.md'));
const shown = new Set(pages.flatMap((page) => [...readFileSync(new URL(page, DOCS), 'utf8').matchAll(/\]\(images\/([^)]+)\)/g)].map((m) => m[1])));
const guideTests = readdirSync(E2E).filter((f) => /^guide.*\.e2e\.ts$/.test(f)).map((f) => readFileSync(new URL(f, E2E), 'utf8')).join('\n');
const images = readdirSync(new URL('images/', DOCS));

describe('the user guide\'s pictures', () => {
  it('are each written by a guide end-to-end test and present', () => {
    expect(shown.size).toBeGreaterThan(0);
    const unmade = [...shown].filter((name) => {
      const stem = name.replace(/\.(png|gif)$/, '');
      return name.endsWith('.png') ? !new RegExp(`guide(Panel)?Shot\\([^)]*'${stem}'`).test(guideTests) : !guideTests.includes(`${name}\``);
    });
    expect(unmade).toEqual([]);
    expect([...shown].filter((name) => !images.includes(name))).toEqual([]);
  });

  it('are all shown by some page, and a few MB at most together', () => {
    expect(images.filter((name) => !shown.has(name))).toEqual([]);
    const bytes = images.reduce((sum, name) => sum + statSync(new URL(`images/${name}`, DOCS)).size, 0);
    expect(bytes).toBeLessThan(4 * 1024 * 1024);
  });
});
