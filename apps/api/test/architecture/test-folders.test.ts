import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

// Tests follow the code they test (issue 34): test/<noun>/ for the code in src/<noun>/, so that
// a folder's tests are found beside its name. Only a few folders cut across the nouns.
const testRoot = path.resolve(import.meta.dirname, '..');
const srcRoot = path.resolve(import.meta.dirname, '../../src');

const CROSS_CUTTING = new Set([
  'support', // shared helpers (test apps, clients, fixtures), not tests
  'architecture', // rules over the source tree
  'security', // the security gate: attacks across nouns (README "Security tests")
  'reliability', // the reliability gate: crashes, races, several servers
  'fuzz', // the fuzzing gate over the whole contract
  'admin', // authorization matrices and console screens that combine nouns
  'http', // routing, envelopes, readiness, page bounds of every endpoint
  'server', // the start command: src/main.ts and src/server.ts run as `pnpm start` does
]);

// Nouns the source is being moved to (issue 34): src/kol/ and src/referrals/ become src/inviters/,
// src/users/ folds into src/accounts/. Harmless once those folders exist.
const COMING_NOUNS = new Set(['inviters', 'accounts']);

const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

test('no test file sits loose at the top of test/', () => {
  const loose = readdirSync(testRoot, { withFileTypes: true })
    .filter((e) => e.isFile() && /\.test\.tsx?$/.test(e.name))
    .map((e) => `test/${e.name}: move it to test/<noun>/ for the src/<noun>/ it tests`);
  expect(loose).toEqual([]);
});

test('every test folder is a folder of src/ or one of the few cross-cutting ones', () => {
  const nouns = new Set(folders(srcRoot));
  const strays = folders(testRoot)
    .filter((name) => !nouns.has(name) && !COMING_NOUNS.has(name) && !CROSS_CUTTING.has(name))
    .map((name) => `test/${name}/: no src/${name}/ and not a cross-cutting folder`);
  expect(strays).toEqual([]);
});
