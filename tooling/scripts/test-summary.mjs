// Sums the vitest and Playwright JSON reports (test-results/{vitest,playwright}.json in each package) into one closing line,
// "N passed, N failed, N skipped", so a CI log ends with the whole count.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
let passed = 0;
let failed = 0;
let skipped = 0;
for (const group of ['apps', 'packages', 'tooling']) {
  const dir = join(root, group);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir)) {
    const vitest = join(dir, name, 'test-results', 'vitest.json');
    if (existsSync(vitest)) {
      const r = JSON.parse(readFileSync(vitest, 'utf8'));
      passed += r.numPassedTests ?? 0;
      failed += r.numFailedTests ?? 0;
      skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    }
    const playwright = join(dir, name, 'test-results', 'playwright.json');
    if (existsSync(playwright)) {
      const { stats = {} } = JSON.parse(readFileSync(playwright, 'utf8'));
      passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
      failed += stats.unexpected ?? 0;
      skipped += stats.skipped ?? 0;
    }
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
