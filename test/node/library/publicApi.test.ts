// The library's public API does not change unnoticed: API Extractor's reports of its entries
// must match the build, the changelog's latest version must name the reports' digests, and
// TypeDoc's reference must build with every exported name documented.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const PACKAGE = join(REPO, 'packages/mapf');
const REPORTS = [['api-extractor.json', 'core.api.md'], ['api-extractor.node.json', 'core-node.api.md']] as const;

/** The latest version's entry of the changelog. */
function latestEntry(): { version: string; text: string } {
  const changelog = readFileSync(join(PACKAGE, 'CHANGELOG.md'), 'utf8');
  const match = /^## (\S+)\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(changelog);
  if (match === null) throw new Error('packages/mapf/CHANGELOG.md has no version entry');
  return { version: match[1], text: match[2] };
}

describe('the public API of @mapf-lab/core', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [join(REPO, 'scripts/build-library.mjs')], { stdio: 'pipe' });
  }, 300_000);

  it.each(REPORTS)('%s: the build declares what api/%s reports', (config) => {
    const run = spawnSync(process.execPath, [join(REPO, 'node_modules/@microsoft/api-extractor/bin/api-extractor'), 'run', '-c', join(PACKAGE, config)], { cwd: PACKAGE, encoding: 'utf8' });
    expect(run.status, `${run.stdout}\nThe public API changed: run \`npm run api:library\`, then say what changed in packages/mapf/CHANGELOG.md with the reports' new digests.`).toBe(0);
    expect(run.stdout).not.toMatch(/ae-forgotten-export|Warning/);
  });

  it("the changelog's latest version is the package's, and names each report's digest", () => {
    const { version, text } = latestEntry();
    expect(version).toBe(JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')).version);
    for (const [, report] of REPORTS) {
      const digest = createHash('sha256').update(readFileSync(join(PACKAGE, 'api', report))).digest('hex').slice(0, 12);
      expect(text, `CHANGELOG.md ${version} must name ${report} ${digest}`).toContain(`${report} ${digest}`);
    }
  });

  it('the reference builds with every exported name documented', () => {
    const run = spawnSync(process.execPath, [join(REPO, 'node_modules/typedoc/bin/typedoc'), '--emit', 'none'], { cwd: PACKAGE, encoding: 'utf8' });
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });
});
