import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, ScratchRepo, workspaceDependencies, type DryTask } from './scratch-repo.ts';

/**
 * Turbo replays a cached result when a task's hash is unchanged. These tests prove the hash moves
 * whenever what the task reads moves: another package's source, or a declared environment
 * variable. They edit a scratch copy of the workspace, never the tree itself.
 */
const TASKS = [
  'typecheck',
  'test',
  'lint',
  'prettier:check',
  'cycles',
  'build',
  'build-storybook',
  'e2e',
  'bench',
];
/** Tasks that read the source of the packages their package depends on. */
const SOURCE_READERS = new Set(['typecheck', 'test', 'lint', 'build', 'build-storybook']);

let repo: ScratchRepo;
let before: Map<string, DryTask>;

beforeAll(() => {
  repo = new ScratchRepo();
  before = repo.dryRun(TASKS);
});
afterAll(() => repo?.remove());

function hashOf(tasks: Map<string, DryTask>, id: string): string {
  const task = tasks.get(id);
  if (!task) throw new Error(`turbo planned no task ${id}`);
  return task.hash;
}

function closure(tasks: Map<string, DryTask>, id: string): Set<string> {
  const seen = new Set<string>();
  const stack = [...(tasks.get(id)?.dependencies ?? [])];
  while (stack.length > 0) {
    const next = stack.pop() as string;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(tasks.get(next)?.dependencies ?? []));
  }
  return seen;
}

describe('the task graph', () => {
  it('makes every source-reading task depend on every workspace package it imports', () => {
    const deps = workspaceDependencies(repo.dir);
    const transitive = (name: string, seen = new Set<string>()): Set<string> => {
      for (const dep of deps.get(name) ?? []) {
        if (!seen.has(dep)) {
          seen.add(dep);
          transitive(dep, seen);
        }
      }
      return seen;
    };
    const missing: string[] = [];
    let checked = 0;
    for (const task of before.values()) {
      if (!SOURCE_READERS.has(task.task) || task.command === '<NONEXISTENT>') continue;
      checked += 1;
      const reached = new Set([...closure(before, task.taskId)].map((id) => id.split('#')[0]));
      for (const dep of transitive(task.package)) {
        if (!reached.has(dep)) missing.push(`${task.taskId} does not depend on ${dep}`);
      }
    }
    expect(checked).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });

  it('misses the cache of every dependent task after an edit to @nimbus/domain, and only those', () => {
    repo.edit('packages/domain/src/index.ts', '// an edit');
    const after = repo.dryRun(TASKS);
    const changed = (id: string) => hashOf(before, id) !== hashOf(after, id);

    for (const id of [
      '@nimbus/domain#test',
      '@nimbus/app-account#typecheck',
      '@nimbus/app-account#test',
      '@nimbus/app-account#lint',
      '@nimbus/app-account#build',
      '@nimbus/app-marketing#build',
      '@nimbus/app-api#typecheck',
      '@nimbus/app-api#test',
      '@nimbus/app-api#build',
      '@nimbus/web#typecheck',
      '@nimbus/i18n#test',
    ]) {
      expect(changed(id), id).toBe(true);
    }
    // The UI kit and the tooling import nothing of the domain: their results stay cached.
    for (const id of [
      '@nimbus/ui#typecheck',
      '@nimbus/ui#test',
      '@nimbus/ui#build-storybook',
      '@nimbus/eslint-config#test',
    ]) {
      expect(changed(id), id).toBe(false);
    }
  });
});

describe('environment variables that change outputs', () => {
  const cases: [variable: string, value: string, changes: string[], keeps: string[]][] = [
    [
      'SITE_URL',
      'https://nimbus.example',
      ['@nimbus/app-marketing#build'],
      ['@nimbus/app-marketing#typecheck'],
    ],
    // Vite inlines VITE_* variables (turbo also adds them to every task of a Vite package).
    ['VITE_ANYTHING', '1', ['@nimbus/app-account#build'], ['@nimbus/domain#test']],
    ['CHROME_PATH', '/opt/chrome', ['@nimbus/app-marketing#bench'], ['@nimbus/app-api#test']],
    ['BENCH_DURATION_S', '1', ['@nimbus/app-api#bench'], ['@nimbus/app-api#build']],
    ['TEST_DB', 'postgres', ['@nimbus/app-api#test'], ['@nimbus/app-api#build']],
  ];

  let baseline: Map<string, DryTask>;
  beforeAll(() => {
    baseline = repo.dryRun(TASKS);
  });

  it.each(cases)(
    '%s changes the hashes of the tasks it feeds',
    (variable, value, changes, keeps) => {
      const after = repo.dryRun(TASKS, { [variable]: value });
      for (const id of changes) expect(hashOf(after, id), id).not.toBe(hashOf(baseline, id));
      for (const id of keeps) expect(hashOf(after, id), id).toBe(hashOf(baseline, id));
    },
  );
});

describe('.env files', () => {
  // Vite loads an app's .env files (VITE_* ends up in the bundle); git ignores them, so turbo's
  // default inputs would not see them.
  it('are inputs of the builds', () => {
    const before = repo.dryRun(['build', 'typecheck']);
    repo.write('apps/account/.env.production', 'VITE_ANYTHING=1\n');
    const after = repo.dryRun(['build', 'typecheck']);
    repo.delete('apps/account/.env.production');
    expect(hashOf(after, '@nimbus/app-account#build')).not.toBe(
      hashOf(before, '@nimbus/app-account#build'),
    );
    expect(hashOf(after, '@nimbus/app-account#typecheck')).toBe(
      hashOf(before, '@nimbus/app-account#typecheck'),
    );
  });
});

describe('variables read by a few tasks only', () => {
  // The database the server's tests use and the browser of the browser tests: declared on the
  // tasks that read them (not in globalEnv, where starting PostgreSQL rebuilt every app).
  const cases: [variable: string, value: string, feeds: (task: DryTask) => boolean][] = [
    [
      'DATABASE_URL',
      'postgres://x@127.0.0.1/y',
      (task) => ['@nimbus/app-api#test', '@nimbus/release#test'].includes(task.taskId),
    ],
    [
      'CHROMIUM_PATH',
      '/opt/chromium',
      (task) =>
        task.task === 'e2e' || ['@nimbus/app-api#test', '@nimbus/dev#test'].includes(task.taskId),
    ],
  ];

  let baseline: Map<string, DryTask>;
  beforeAll(() => {
    baseline = repo.dryRun(TASKS);
  });

  it.each(cases)(
    '%s changes the hashes of exactly the tasks that read it',
    (variable, value, feeds) => {
      const after = repo.dryRun(TASKS, { [variable]: value });
      const changed = [...baseline.values()]
        .filter((task) => hashOf(after, task.taskId) !== task.hash)
        .map((task) => task.taskId)
        .sort();
      const expected = [...baseline.values()]
        .filter(feeds)
        .map((task) => task.taskId)
        .sort();
      expect(expected.length).toBeGreaterThan(0);
      expect(changed).toEqual(expected);
    },
  );
});

describe('what builds, runs and tests leave in the tree', () => {
  // Whatever git ignores (outputs, logs, the SQLite files in data/, turbo's own .turbo/) is no
  // input of a check: a warm `pnpm lint` or `pnpm format:check` replays its cache after a build,
  // a test run or `pnpm start` (the formatter's inputs once included .turbo/ and dist/, so it
  // never hit the cache). One file per line of the root .gitignore, in a few places. `.env`
  // files are left out: Vite reads them, so they are inputs of the builds (a row above).
  const places = ['', 'apps/api/', 'apps/account/', 'packages/ui/', 'tooling/vite/'];
  const leftovers = readFileSync(join(repoRoot, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'))
    .filter((line) => !line.startsWith('.env'))
    .flatMap((pattern) => {
      // A pattern starting with '/' (e.g. /release/) is one of the repository root only.
      const anchored = pattern.startsWith('/');
      const bare = anchored ? pattern.slice(1) : pattern;
      const file = bare.endsWith('/') ? `${bare}leftover.json` : bare.replace('*', 'x');
      return (anchored ? [''] : places).map((place) => `${place}${file}`);
    });
  const CHECKS = ['lint', 'prettier:check', 'cycles', 'typecheck', 'test'];

  it('keeps every lint, format check, typecheck and test task cached', () => {
    const before = repo.dryRun(CHECKS);
    for (const file of leftovers) repo.write(file, '{}\n');
    try {
      const after = repo.dryRun(CHECKS);
      const moved = [...before.values()]
        .filter((task) => task.command !== '<NONEXISTENT>')
        .filter((task) => hashOf(after, task.taskId) !== task.hash)
        .map((task) => task.taskId);
      expect(leftovers).toContain('data/leftover.json');
      expect(leftovers).toContain('release/leftover.json');
      expect(before.has('//#prettier:check')).toBe(true);
      expect(before.has('//#cycles')).toBe(true);
      expect(moved).toEqual([]);
    } finally {
      for (const file of leftovers) repo.delete(file);
    }
  });

  it.each(['prettier:check', 'cycles'])(
    'runs the root task %s again after an edit to a committed file or a new one',
    (task) => {
      const before = repo.dryRun([task]);
      repo.edit('apps/api/src/app.ts', '// an edit');
      const edited = repo.dryRun([task]);
      repo.write('packages/ui/src/New.tsx', 'export const New = 1;\n');
      const added = repo.dryRun([task]);
      repo.delete('packages/ui/src/New.tsx');
      const id = `//#${task}`;
      expect(hashOf(edited, id)).not.toBe(hashOf(before, id));
      expect(hashOf(added, id)).not.toBe(hashOf(edited, id));
    },
  );
});
