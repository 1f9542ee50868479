#!/usr/bin/env node
// `pnpm ops <command> ...` (the `ops` binary the repository root links): runs the built bundle
// dist/ops.js in this process and prints nothing of its own, so the answer is the command's
// output alone. When a source of the bundle is newer than it, it is rebuilt first, quietly
// (turbo's output is shown only when the build fails). Plain JavaScript: Node starts it without
// loading its TypeScript stripper.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const api = path.resolve(import.meta.dirname, '..');
const root = path.resolve(api, '../..');
const bundle = path.join(api, 'dist/ops.js');
/** What the bundle is built from (scripts/build.ts bundles our workspace packages' sources). */
const SOURCES = [
  'apps/api/src',
  'apps/api/scripts/build.ts',
  'apps/api/package.json',
  'packages/domain/src',
  'packages/api-sdk/src',
  'packages/i18n/src',
  'packages/i18n/locales',
  'pnpm-lock.yaml',
];

/** @param {string} file */
const mtime = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};

/** Whether anything under `file` (a folder's own time counts: a deleted file) is newer than `than`. */
/** @param {string} file @param {number} than @returns {boolean} */
function newerThan(file, than) {
  if (mtime(file) > than) return true;
  let entries;
  try {
    entries = readdirSync(file, { withFileTypes: true });
  } catch {
    return false;
  }
  return entries.some((e) => e.name !== 'node_modules' && newerThan(path.join(file, e.name), than));
}

const built = mtime(bundle);
if (built === 0 || SOURCES.some((source) => newerThan(path.join(root, source), built))) {
  const turbo = path.join(root, 'node_modules/.bin/turbo');
  const run = spawnSync(
    turbo,
    ['run', 'build', '--filter=@nimbus/app-api', '--output-logs=errors-only'],
    { cwd: root, encoding: 'utf8' },
  );
  if (run.status !== 0) {
    process.stderr.write(`${run.stdout}${run.stderr}`);
    process.exit(run.status ?? 1);
  }
}
await import(pathToFileURL(bundle).href);
