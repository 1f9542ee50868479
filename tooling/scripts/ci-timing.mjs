// Where a CI run's time went, printed just above its closing count line (a CI log is often kept
// only by its tail): the run's wall time, the machine's load while it ran (sampled by .ci/run), the
// slowest turbo tasks (from turbo's run summary, written when NIMBUS_TURBO_SUMMARY=1) and the
// slowest Playwright spec files. A run that took twice its usual time says here whether the
// machine was busy or a suite grew.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
const lines = [];

const runs = join(root, '.turbo', 'runs');
if (existsSync(runs)) {
  const newest = readdirSync(runs)
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(runs, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (newest) {
    const summary = JSON.parse(readFileSync(newest, 'utf8'));
    const { startTime, endTime } = summary.execution ?? {};
    if (startTime && endTime) lines.push(`turbo run: ${minutes(endTime - startTime)} wall`);
    const tasks = (summary.tasks ?? [])
      .filter((task) => task.execution?.startTime && task.execution?.endTime)
      .map((task) => ({
        id: task.taskId,
        ms: task.execution.endTime - task.execution.startTime,
        cached: task.cache?.status === 'HIT',
      }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 12);
    if (tasks.length > 0)
      lines.push(
        'slowest tasks:',
        ...tasks.map(
          (t) => `  ${minutes(t.ms).padStart(9)}  ${t.id}${t.cached ? ' (cached)' : ''}`,
        ),
      );
  }
}

/** Playwright's JSON report: each spec file's summed test time. */
const specs = [];
const collect = (suite, where, into) => {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? [])
      for (const result of test.results ?? []) {
        const key = `${where}/${spec.file}`;
        into.set(key, (into.get(key) ?? 0) + (result.duration ?? 0));
      }
  for (const child of suite.suites ?? []) collect(child, where, into);
};
for (const group of ['apps', 'packages', 'tooling']) {
  const dir = join(root, group);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir)) {
    const file = join(dir, name, 'test-results', 'playwright.json');
    if (!existsSync(file)) continue;
    const perFile = new Map();
    for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? [])
      collect(suite, `${group}/${name}`, perFile);
    for (const [spec, ms] of perFile) specs.push({ spec, ms });
  }
}
if (specs.length > 0)
  lines.push(
    'slowest e2e files:',
    ...specs
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8)
      .map((s) => `  ${minutes(s.ms).padStart(9)}  ${s.spec}`),
  );

const loadLog = join(root, '.turbo', 'ci-load.log');
if (existsSync(loadLog)) {
  const loads = readFileSync(loadLog, 'utf8')
    .split('\n')
    .map((line) => Number(line.split(' ')[1]))
    .filter((load) => Number.isFinite(load));
  if (loads.length > 0) {
    const mean = loads.reduce((a, b) => a + b, 0) / loads.length;
    lines.push(
      `load average (1 min) while running: mean ${mean.toFixed(1)}, max ${Math.max(...loads).toFixed(1)} over ${loads.length} samples`,
    );
  }
}
if (lines.length > 0) console.log(lines.join('\n'));
