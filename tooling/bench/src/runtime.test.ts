import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { buildRuntime } from './runtime.ts';

const dirs: string[] = [];
function build(files: Record<string, string>): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'bench-runtime-'));
  dirs.push(dist);
  mkdirSync(path.join(dist, 'assets'));
  for (const [name, code] of Object.entries(files))
    writeFileSync(path.join(dist, 'assets', name), code);
  return dist;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test("a React build names react-dom's renderer and its version, and no Preact", () => {
  const dist = build({
    'index.js': 'import"./react.js";',
    'react.js':
      'var qh={bundleType:0,version:`19.3.1`,rendererPackageName:`react-dom`,currentDispatcherRef:C,reconcilerVersion:`19.3.1`};',
    'index.css': 'preact{}',
  });
  expect(buildRuntime(dist)).toEqual({ reactDom: '19.3.1', preactFiles: [] });
});

test('a build on Preact shims has no react-dom renderer and lists the Preact chunks', () => {
  const dist = build({ 'react.js': 'var e="preact/compat";export{e as useState}' });
  expect(buildRuntime(dist)).toEqual({ reactDom: null, preactFiles: ['react.js'] });
});
