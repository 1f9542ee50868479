import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function extensionErrors(code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: 'packages/ui/src/x.ts' });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'nimbus/import-extensions').length;
}

describe('one import style: relative imports name their file', () => {
  test.each([
    ['an import without extension', "import { a } from './a';\nexport const b = a;\n", 1],
    ['a re-export without extension', "export { a } from '../a';\n", 1],
    ['an export-all without extension', "export * from './a';\n", 1],
    ['a lazy import without extension', "export const p = () => import('./page');\n", 1],
    ['a style module named without .ts', "import * as s from './x.css';\nexport { s };\n", 1],
    ['an import with .ts', "import { a } from './a.ts';\nexport const b = a;\n", 0],
    ['an import with .tsx', "export { A } from './A.tsx';\n", 0],
    ['a style module with .css.ts', "import * as s from './x.css.ts';\nexport { s };\n", 0],
    ['a package import', "import { a } from '@nimbus/domain';\nexport const b = a;\n", 0],
    ['a JSON file', "import a from './a.json' with { type: 'json' };\nexport { a };\n", 0],
  ])('%s', async (_name, code, errors) => {
    expect(await extensionErrors(code)).toBe(errors);
  });
});
