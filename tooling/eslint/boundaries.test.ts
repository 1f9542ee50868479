import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('layer boundaries (docs/architecture.md section 1)', () => {
  test.each([
    [
      'domain importing the SDK',
      'packages/domain/src/x.ts',
      "import { a } from '@nimbus/api-sdk';\nexport const b = a;\n",
    ],
    [
      'domain importing i18n',
      'packages/domain/src/x.ts',
      "import { a } from '@nimbus/i18n';\nexport const b = a;\n",
    ],
    [
      'a package importing an app by name',
      'packages/ui/src/x.ts',
      "import { a } from '@nimbus/app-marketing';\nexport const b = a;\n",
    ],
    [
      'a package importing an app by path',
      'packages/api-sdk/src/x.ts',
      "import { a } from '../../../apps/api/src/server';\nexport const b = a;\n",
    ],
    [
      'the UI kit importing a catalogue',
      'packages/ui/src/x.ts',
      "import { a } from '@nimbus/i18n';\nexport const b = a;\n",
    ],
    [
      'an app importing another app',
      'apps/account/src/x.ts',
      "import { a } from '@nimbus/app-marketing';\nexport const b = a;\n",
    ],
    [
      'the server importing browser code',
      'apps/api/src/x.ts',
      "import { a } from '@nimbus/api-sdk/react';\nexport const b = a;\n",
    ],
    [
      'the server importing the browser client',
      'apps/api/src/x.ts',
      "import { a } from '@nimbus/api-sdk';\nexport const b = a;\n",
    ],
    [
      'the shared app wiring importing an app',
      'packages/web/src/x.ts',
      "import { a } from '@nimbus/app-marketing';\nexport const b = a;\n",
    ],
    [
      'the shared app wiring importing test tooling',
      'packages/web/src/x.ts',
      "import { a } from '@nimbus/e2e-kit';\nexport const b = a;\n",
    ],
    [
      'the build config importing the runtime wiring',
      'tooling/vite/src/x.ts',
      "import { a } from '@nimbus/web';\nexport const b = a;\n",
    ],
    [
      'a server module importing one above it (the account row importing orders)',
      'apps/api/src/accounts/x.ts',
      "import { a } from '../orders/lifecycle.ts';\nexport const b = a;\n",
    ],
    [
      'a cycle between server modules (membership importing orders, which imports membership)',
      'apps/api/src/membership/x.ts',
      "import { a } from '../orders/purchase.ts';\nexport const b = a;\n",
    ],
    [
      'a nested file of a server module importing one above it',
      'apps/api/src/orders/providers/stripe/x.ts',
      "import { a } from '../../../inviters/ledger.ts';\nexport const b = a;\n",
    ],
    [
      'registration importing the inviters (it tells them through a hook)',
      'apps/api/src/accounts/x.ts',
      "import { a } from '../inviters/index.ts';\nexport const b = a;\n",
    ],
    [
      'the services importing the handler map',
      'apps/api/src/services.ts',
      "import { a } from './handlers.ts';\nexport const b = a;\n",
    ],
    [
      'a server module importing operations',
      'apps/api/src/jobs/x.ts',
      "import { a } from '../ops/commands.ts';\nexport const b = a;\n",
    ],
  ])('%s fails lint', async (_name, filePath, code) => {
    expect(await restrictedImports(filePath, code)).not.toEqual([]);
  });

  test.each([
    [
      'the SDK importing domain',
      'packages/api-sdk/src/x.ts',
      "import { a } from '@nimbus/domain';\nexport const b = a;\n",
    ],
    [
      'the server importing the contract',
      'apps/api/src/x.ts',
      "import { a } from '@nimbus/api-sdk/contract';\nexport const b = a;\n",
    ],
    [
      'an app importing the UI kit',
      'apps/marketing/src/x.ts',
      "import { a } from '@nimbus/ui/button';\nexport const b = a;\n",
    ],
    [
      'domain importing a library',
      'packages/domain/src/x.ts',
      "import { a } from 'libphonenumber-js';\nexport const b = a;\n",
    ],
    [
      'the shared app wiring importing the SDK, catalogues and UI kit',
      'packages/web/src/x.ts',
      "import { a } from '@nimbus/api-sdk/react';\nimport { c } from '@nimbus/i18n';\nimport { d } from '@nimbus/ui/header';\nimport { e } from '@nimbus/domain/platform';\nexport const b = [a, c, d, e];\n",
    ],
    [
      'the build config importing Vite and its plugins',
      'tooling/vite/src/x.ts',
      "import { build } from 'vite';\nimport react from '@vitejs/plugin-react';\nexport const b = [build, react];\n",
    ],
    [
      'a server module importing modules below it',
      'apps/api/src/orders/x.ts',
      "import { a } from '../membership/credit.ts';\nimport { c } from '../accounts/index.ts';\nexport const b = [a, c];\n",
    ],
    [
      'a nested file importing its own module and one below',
      'apps/api/src/orders/providers/stripe/x.ts',
      "import { a } from '../../lifecycle.ts';\nimport { c } from '../../../db/database.ts';\nexport const b = [a, c];\n",
    ],
    [
      'operations importing the services',
      'apps/api/src/ops/x.ts',
      "import { a } from '../services.ts';\nimport { c } from '../inviters/index.ts';\nexport const b = [a, c];\n",
    ],
  ])('%s passes', async (_name, filePath, code) => {
    expect(await restrictedImports(filePath, code)).toEqual([]);
  });
});

// A folder the module order does not list is checked by no order at all: the Telegram bot once
// imported third-party/ while mail/ imported the bot's folder, an import cycle lint never saw.
describe('every part of apps/api/src has a place in the module order', () => {
  const src = `${root}apps/api/src`;
  const entries = readdirSync(src, { withFileTypes: true }).filter(
    (e) => e.isDirectory() || (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')),
  );
  test.each(entries.map((e) => e.name))('%s is listed in SERVER_MODULES', async (name) => {
    const { SERVER_MODULES } = await import('./boundaries.js');
    expect(SERVER_MODULES).toContain(name);
  });

  test('each upper entry of a noun is a folder of that noun', async () => {
    const { SERVER_MODULES, NOUN_FOLDERS } = await import('./boundaries.js');
    for (const nested of SERVER_MODULES.filter((m: string) => m.includes('/'))) {
      expect(NOUN_FOLDERS, nested).toContain(nested.split('/')[0]);
      expect(readdirSync(`${src}/${nested}`), nested).toContain('index.ts');
    }
  });
});
