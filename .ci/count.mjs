// Sums the vitest JSON reports of a test run into the closing line "N passed, N failed", after
// naming every failed test (its file and full name) and every test file that failed to load.
// A non-zero exit with no failed test (type check or lint failed, or a runner crashed) counts
// as one failure, so the line never claims a clean run that was not.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const [dir, statusArg] = process.argv.slice(2);
const status = Number(statusArg ?? 0);
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
for (const name of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : []) {
  const report = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A test file that failed to load has no tests but is a failure.
  for (const file of report.testResults ?? []) {
    const where = relative(process.cwd(), file.name ?? '?');
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) {
      failed += 1;
      failures.push(`${where}: did not load: ${(file.message ?? '').split('\n')[0]}`);
    }
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failures.push(`${where} > ${test.fullName ?? test.title}`);
    }
  }
}
if (status !== 0 && failed === 0) {
  console.log('ci: the test command failed outside the test runner (type check, lint or build)');
  failed = 1;
}
if (failures.length > 0) {
  console.log(`ci: ${failures.length} failed:`);
  for (const line of failures) console.log(`  FAILED ${line}`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
