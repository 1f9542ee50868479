import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCycles, formatCycles, runtimeImports } from './cycles.ts';

/** Small folders of files that import each other, written to a temporary folder. */
const FIXTURES: Record<string, string> = {
  'cycle/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
  'cycle/b.ts': "// b needs a\nimport { a } from './a.ts';\nexport const b = () => a;\n",
  'type-only/a.ts': "import type { B } from './b.ts';\nexport interface A {\n  b?: B;\n}\n",
  'type-only/b.ts':
    "import type { A } from './a.ts';\nexport type { A as Again } from './a.ts';\nexport interface B {\n  a?: A;\n}\n",
  // `import { type X }` stays `import {} from` under verbatimModuleSyntax: b.ts still loads a.ts.
  'inline-type/a.ts': "import { b } from './b.ts';\nexport type A = number;\nexport const a = b;\n",
  'inline-type/b.ts': "import { type A } from './a.ts';\nexport const b: A = 1;\n",
  'dynamic/a.ts': "export const load = () => import('./b.ts');\n",
  'dynamic/b.ts': "export { load } from './a.ts';\n",
  'react/Page.tsx': "import { Link } from './Link.tsx';\nexport const Page = () => <Link />;\n",
  'react/Link.tsx': "import { Page } from './Page.tsx';\nexport const Link = () => Page;\n",
  'one-way/a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
  'one-way/b.ts': 'export const b = 1;\n',
};

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'nimbus-cycles-'));
  for (const [file, code] of Object.entries(FIXTURES)) {
    mkdirSync(join(root, dirname(file)), { recursive: true });
    writeFileSync(join(root, file), code);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function cyclesIn(folder: string): Promise<string[][]> {
  const files = Object.keys(FIXTURES).filter((file) => file.startsWith(`${folder}/`));
  const report = await findCycles(root, files);
  return report.cycles.map((cycle) => cycle.map((step) => step.file).sort());
}

describe('findCycles', () => {
  it('reports two files that import each other, with the lines that do', async () => {
    const report = await findCycles(root, ['cycle/a.ts']);
    expect(report.modules).toBe(2);
    expect(report.cycles).toHaveLength(1);
    const steps = [...(report.cycles[0] ?? [])].sort((x, y) => x.file.localeCompare(y.file));
    expect(steps).toEqual([
      { file: 'cycle/a.ts', line: 1, request: './b.ts', target: 'cycle/b.ts' },
      { file: 'cycle/b.ts', line: 2, request: './a.ts', target: 'cycle/a.ts' },
    ]);
    const message = formatCycles(report);
    expect(message).toMatch(/^1 import cycle in 2 files/);
    expect(message).toContain('cycle/a.ts:1  imports ./b.ts');
    expect(message).toContain('cycle/b.ts:2  imports ./a.ts');
    expect(message).toContain('(back to the first)');
  });

  it('ignores imports of types only, which vanish at run time', async () => {
    expect(await cyclesIn('type-only')).toEqual([]);
  });

  it('counts `import { type X }`, which still loads its file', async () => {
    expect(await cyclesIn('inline-type')).toEqual([['inline-type/a.ts', 'inline-type/b.ts']]);
  });

  it('counts dynamic imports and re-exports', async () => {
    expect(await cyclesIn('dynamic')).toEqual([['dynamic/a.ts', 'dynamic/b.ts']]);
  });

  it('reads .tsx files', async () => {
    expect(await cyclesIn('react')).toEqual([['react/Link.tsx', 'react/Page.tsx']]);
  });

  it('finds nothing where imports go one way', async () => {
    const report = await findCycles(root, ['one-way/a.ts', 'one-way/b.ts']);
    expect(report).toEqual({ scanned: 2, modules: 2, cycles: [] });
  });
});

describe('runtimeImports', () => {
  it('keeps what loads a module and leaves what names only types', () => {
    const code = [
      "import type { A } from './types-only.ts';",
      "import { type B } from './inline.ts';",
      "import './side-effect.ts';",
      "export type { C } from './types-again.ts';",
      "export * from './everything.ts';",
      'export async function later() {',
      "  return import('./lazy.ts');",
      '}',
    ].join('\n');
    expect(Object.fromEntries(runtimeImports('x.ts', code))).toEqual({
      './inline.ts': 2,
      './side-effect.ts': 3,
      './everything.ts': 5,
      './lazy.ts': 7,
    });
  });
});
