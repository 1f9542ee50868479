import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function entryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'nimbus/noun-entry')
    .map((m) => m.message);
}

describe('a noun is imported only through its index (NOUN_FOLDERS in boundaries.js)', () => {
  test.each([
    ['a top file importing a store', 'apps/api/src/services.ts', "'./plans/store.ts'"],
    ['another noun importing a route file', 'apps/api/src/orders/x.ts', "'../plans/ops.ts'"],
    ['the console registry', 'apps/api/src/admin/admin-handlers.ts', "'../group-buy/jobs.ts'"],
  ])('%s is refused', async (_name, filePath, spec) => {
    const errors = await entryErrors(filePath, `import { a } from ${spec};\nexport const b = a;\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('index.ts');
  });

  test.each([
    ['the index from outside', 'apps/api/src/services.ts', "'./plans/index.ts'"],
    ['a file of the same noun', 'apps/api/src/plans/ops.ts', "'./store.ts'"],
    ['shared infrastructure', 'apps/api/src/plans/store.ts', "'../db/database.ts'"],
    ['a package', 'apps/api/src/plans/store.ts', "'kysely'"],
  ])('%s is allowed', async (_name, filePath, spec) => {
    expect(
      await entryErrors(filePath, `import { a } from ${spec};\nexport const b = a;\n`),
    ).toEqual([]);
  });
});
