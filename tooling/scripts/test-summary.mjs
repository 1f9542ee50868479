// Sums the vitest and Playwright JSON reports (test-results/{vitest,playwright}.json in each
// package) into one closing line,
// "N passed, N failed, N skipped", so a CI log ends with the whole count. Failed tests are named
// above that line, with the
// first lines of their messages: a CI log is often kept only by its tail, and the tail should say
// what failed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
let passed = 0;
let failed = 0;
let skipped = 0;
/** @type {string[]} */
const failures = [];

const firstLines = (text, n = 6) =>
  String(text ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .slice(0, n)
    .map((l) => `    ${l}`)
    .join('\n');

/** Playwright nests suites in suites; a spec holds tests, one per project, each with its runs. */
function playwrightFailures(suite, where, out) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const last = test.results?.at(-1);
      out.push(
        `${where}: ${spec.file}:${spec.line} › ${spec.title}${test.projectName ? ` [${test.projectName}]` : ''}\n${firstLines(last?.error?.message ?? last?.errors?.[0]?.message)}`,
      );
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, where, out);
}

for (const group of ['apps', 'packages', 'tooling']) {
  const dir = join(root, group);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir)) {
    const where = `${group}/${name}`;
    const vitest = join(dir, name, 'test-results', 'vitest.json');
    if (existsSync(vitest)) {
      const r = JSON.parse(readFileSync(vitest, 'utf8'));
      passed += r.numPassedTests ?? 0;
      failed += r.numFailedTests ?? 0;
      skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
      for (const file of r.testResults ?? []) {
        const path = String(file.name ?? '').replace(`${root}`, '');
        const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
        for (const t of failedTests)
          failures.push(
            `${path} › ${t.fullName ?? t.title}\n${firstLines(t.failureMessages?.[0])}`,
          );
        // A file that fails to load has no failed test, only a message.
        if (file.status === 'failed' && failedTests.length === 0)
          failures.push(`${path}\n${firstLines(file.message)}`);
      }
    }
    const playwright = join(dir, name, 'test-results', 'playwright.json');
    if (existsSync(playwright)) {
      const report = JSON.parse(readFileSync(playwright, 'utf8'));
      const { stats = {} } = report;
      passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
      failed += stats.unexpected ?? 0;
      skipped += stats.skipped ?? 0;
      for (const suite of report.suites ?? []) playwrightFailures(suite, where, failures);
    }
  }
}
if (failures.length > 0) console.log(`failed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
